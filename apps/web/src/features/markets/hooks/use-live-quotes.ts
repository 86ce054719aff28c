import type { Quote } from '@app/contract/markets';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { percentChange } from '../../../lib/price';
import { type TickEvent, useTickEvents } from '../../../lib/realtime';

/** The next frame, or a frame's time later where there are no frames (tests, old browsers). */
const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(run, 16);
  return () => clearTimeout(id);
};

/**
 * Quotes with the newest pushed tick of each of `symbols` applied (24 h change recomputed).
 *
 * Every product ticks in the same second, each on its own socket message: the ticks that arrive before
 * the next frame are applied together, so the list renders once a frame, not once a tick (a slow phone
 * otherwise spends each second re-rendering the whole screen a dozen times).
 */
export function useLiveQuotes(quotes: Quote[] | undefined, symbols: readonly string[]): Quote[] {
  const [ticks, setTicks] = useState<Record<string, TickEvent>>({});
  const pending = useRef<Record<string, TickEvent> | null>(null);
  const cancelFlush = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelFlush.current?.(), []);
  useTickEvents(symbols, (tick) => {
    if (pending.current) {
      pending.current[tick.symbol] = tick;
      return;
    }
    pending.current = { [tick.symbol]: tick };
    cancelFlush.current = nextFrame(() => {
      const batch = pending.current;
      pending.current = null;
      cancelFlush.current = null;
      // A transition: a tap or a keystroke in the search is never kept waiting by a batch of prices.
      if (batch) startTransition(() => setTicks((current) => ({ ...current, ...batch })));
    });
  });
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
