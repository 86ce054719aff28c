import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { turnoverQueryOptions } from './api/get-turnover';
import { type TickEvent, useRealtimeStatus, useTickEvents } from './realtime';

/** How often screens poll product/trunover while the socket is not open. */
export const POLL_INTERVAL_MS = 2_000;

/**
 * The latest tick of `symbol`: pushed over the socket, or polled from product/trunover every 2 s
 * while the socket is not open. Also keeps the turnover query (24 h stats) fresh.
 */
export function useTicks(symbol: string) {
  const status = useRealtimeStatus();
  const isLive = status === 'open';
  const turnover = useQuery({
    ...turnoverQueryOptions(symbol),
    refetchInterval: isLive ? 30_000 : POLL_INTERVAL_MS,
  });
  const [pushed, setPushed] = useState<TickEvent | null>(null);
  useTickEvents(symbol ? [symbol] : [], setPushed);

  const polledTick = turnover.data?.ticks.at(-1);
  const polled: TickEvent | null = polledTick ? { symbol, ...polledTick } : null;
  const fresh = pushed?.symbol === symbol ? pushed : null;
  const tick = !fresh ? polled : !polled ? fresh : fresh.time >= polled.time ? fresh : polled;
  return { tick, turnover, isLive };
}
