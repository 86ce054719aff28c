import type { ProductCategory, Quote } from '@app/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from './client';

/** Public product list with the latest quotes: markets and the home screen's movers share it. */
export const QUOTES_QUERY_KEY = ['markets', 'quotes'] as const;

export function getQuotes(category: ProductCategory | undefined, signal?: AbortSignal): Promise<Quote[]> {
  return apiPost<Quote[]>('/product/list', category ? { category } : {}, { signal });
}

export function quotesQueryOptions(category?: ProductCategory) {
  return queryOptions({
    queryKey: [...QUOTES_QUERY_KEY, category ?? 'all'],
    queryFn: ({ signal }) => getQuotes(category, signal),
    staleTime: 5_000,
  });
}

export function useQuotes(category?: ProductCategory, options: { refetchIntervalMs?: number | false } = {}) {
  return useQuery({ ...quotesQueryOptions(category), refetchInterval: options.refetchIntervalMs ?? false });
}
