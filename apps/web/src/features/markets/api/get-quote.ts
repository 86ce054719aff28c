import type { Quote } from '@app/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export function getQuote(symbol: string, signal?: AbortSignal): Promise<Quote> {
  return apiPost<Quote>('/product/details', { symbol }, { signal });
}

export function quoteQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['markets', 'quote', symbol] as const,
    queryFn: ({ signal }) => getQuote(symbol, signal),
    enabled: symbol !== '',
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function useQuote(symbol: string) {
  return useQuery(quoteQueryOptions(symbol));
}
