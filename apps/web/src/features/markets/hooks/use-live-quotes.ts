import type { Quote } from '@app/contract/markets';
import { useMemo, useState } from 'react';
import { percentChange } from '../../../lib/price';
import { type TickEvent, useTickEvents } from '../../../lib/realtime';

/** Quotes with the newest pushed tick of each of `symbols` applied (24 h change recomputed). */
export function useLiveQuotes(quotes: Quote[] | undefined, symbols: readonly string[]): Quote[] {
  const [ticks, setTicks] = useState<Record<string, TickEvent>>({});
  useTickEvents(symbols, (tick) => setTicks((current) => ({ ...current, [tick.symbol]: tick })));
  return useMemo(
    () =>
      (quotes ?? []).map((quote) => {
        const tick = ticks[quote.symbol];
        if (!tick || (quote.updatedAt && tick.time <= quote.updatedAt)) return quote;
        return {
          ...quote,
          last: tick.price,
          updatedAt: tick.time,
          changePercent24h: percentChange(quote.open24h, tick.price) ?? quote.changePercent24h,
        };
      }),
    [quotes, ticks],
  );
}
