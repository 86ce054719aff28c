import type { Turnover } from '@app/contract/markets';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useMemo, useState } from 'react';
import { turnoverQueryOptions } from './api/get-turnover';
import { type TickEvent, useIsRealtimeOpen, useTickEvents } from './realtime';

/** How often screens poll product/trunover while the socket is not open. */
export const POLL_INTERVAL_MS = 2_000;

/**
 * The latest tick of `symbol`: pushed over the socket, or polled from product/trunover every 2 s
 * while the socket is not open. Also keeps the turnover query (24 h stats) fresh.
 */
export function useTicks(symbol: string) {
  const turnover = useTurnover(symbol);
  const tick = useLatestTick(symbol, turnover.data);
  return { tick, turnover };
}

/**
 * product/trunover of `symbol` (24 h stats and the recent ticks), asked again every 30 s while the
 * socket is open, every 2 s while it is not (the ticks are then polled). One caller per screen: the
 * interval is the caller's.
 */
export function useTurnover(symbol: string) {
  const isLive = useIsRealtimeOpen();
  return useQuery({
    ...turnoverQueryOptions(symbol),
    refetchInterval: isLive ? 30_000 : POLL_INTERVAL_MS,
  });
}

/**
 * The newer of the pushed tick of `symbol` and the last polled one (`turnover`, from useTurnover).
 * A component that shows the live price calls it itself: a tick re-renders that component, not the
 * screen around it. A push is a non-urgent update (a tap is never kept waiting by one).
 */
export function useLatestTick(symbol: string, turnover: Turnover | undefined): TickEvent | null {
  const [pushed, setPushed] = useState<TickEvent | null>(null);
  useTickEvents(symbol ? [symbol] : [], (next) => startTransition(() => setPushed(next)));
  const polledTick = turnover?.ticks.at(-1);
  // The same object while the answer is the same: a chart redraws its last candle only on a new tick.
  const polled = useMemo<TickEvent | null>(() => (polledTick ? { symbol, ...polledTick } : null), [symbol, polledTick]);
  const fresh = pushed?.symbol === symbol ? pushed : null;
  if (!fresh) return polled;
  if (!polled) return fresh;
  return fresh.time >= polled.time ? fresh : polled;
}
