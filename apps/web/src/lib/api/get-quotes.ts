import type { ProductCategory, Quote } from '@app/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from './client';
import { takeEarlyResponse } from './early-requests';

/** Public product list with the latest quotes: markets and the home screen's movers share it. */
export const QUOTES_QUERY_KEY = ['markets', 'quotes'] as const;

/** How long a fetched list counts as fresh. */
const QUOTES_STALE_MS = 5_000;

export function getQuotes(category: ProductCategory | undefined, signal?: AbortSignal): Promise<Quote[]> {
  if (category) return apiPost<Quote[]>('/product/list', { category }, { signal });
  return apiPost<Quote[]>('/product/list', {}, { signal, early: takeEarlyResponse('/product/list', QUOTES_STALE_MS) });
}

export function quotesQueryOptions(category?: ProductCategory) {
  return queryOptions({
    queryKey: [...QUOTES_QUERY_KEY, category ?? 'all'],
    queryFn: ({ signal }) => getQuotes(category, signal),
    staleTime: QUOTES_STALE_MS,
  });
}

export function useQuotes(category?: ProductCategory, options: { refetchIntervalMs?: number | false } = {}) {
  return useQuery({ ...quotesQueryOptions(category), refetchInterval: options.refetchIntervalMs ?? false });
}
