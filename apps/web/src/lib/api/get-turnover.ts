import type { Turnover } from '@app/contract/markets';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from './client';

/** 24 h stats and the recent ticks of one product (public); also the realtime polling fallback. */
export function getTurnover(symbol: string, signal?: AbortSignal): Promise<Turnover> {
  return apiPost<Turnover>('/product/trunover', { symbol }, { signal });
}

export function turnoverQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['markets', 'turnover', symbol] as const,
    queryFn: ({ signal }) => getTurnover(symbol, signal),
    enabled: symbol !== '',
    meta: { silent: true },
  });
}
