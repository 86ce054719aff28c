import type { Candle, KlineInterval } from '@app/contract/markets';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

/** Candles per page loaded on scrolling left. */
export const CANDLES_PAGE_SIZE = 300;
/**
 * Candles asked for first: about two screenfuls (a phone shows about 60 bars), so the chart draws
 * sooner; scrolling left loads older ones as before.
 */
export const FIRST_CANDLES = 120;

export function getCandles(
  request: { symbol: string; interval: KlineInterval; limit?: number; before?: number },
  signal?: AbortSignal,
): Promise<Candle[]> {
  return apiPost<Candle[]>('/product/kdata', { limit: CANDLES_PAGE_SIZE, ...request }, { signal });
}

/** How long a chart takes first candles asked for before it (by the product page as it opens). */
const FIRST_CANDLES_FRESH_MS = 10_000;

/**
 * A chart's first candles: the product page asks for them as it opens, beside the product's answer,
 * and the chart, drawn once its library has loaded, takes them (or asks, if they are older).
 */
export function firstCandlesQueryOptions(symbol: string, interval: KlineInterval, limit: number = FIRST_CANDLES) {
  return queryOptions({
    queryKey: ['markets', 'candles', symbol, interval, limit] as const,
    queryFn: ({ signal }) => getCandles({ symbol, interval, limit }, signal),
    staleTime: FIRST_CANDLES_FRESH_MS,
    retry: false,
    meta: { silent: true },
  });
}
