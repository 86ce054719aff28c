import type { Candle, KlineInterval } from '@app/contract/markets';
import { apiPost } from '../../../lib/api/client';

/** Candles per request: the first screenful and each page loaded on scrolling left. */
export const CANDLES_PAGE_SIZE = 300;

export function getCandles(
  request: { symbol: string; interval: KlineInterval; limit?: number; before?: number },
  signal?: AbortSignal,
): Promise<Candle[]> {
  return apiPost<Candle[]>('/product/kdata', { limit: CANDLES_PAGE_SIZE, ...request }, { signal });
}
