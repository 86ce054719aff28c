import type { WealthBuyRequest, WealthQuote } from '@app/contract/wealth';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { WEALTH_QUERY_KEY } from './get-wealth-products';

/** `wealth/buy`: the server's quote (estimated earnings, dates) for buying now; it moves nothing. */
export function getWealthQuote(request: WealthBuyRequest, signal?: AbortSignal): Promise<WealthQuote> {
  return apiPost<WealthQuote>('/wealth/buy', request, { signal });
}

export function wealthQuoteQueryOptions(request: WealthBuyRequest) {
  return queryOptions({
    queryKey: [...WEALTH_QUERY_KEY, 'quote', request.productId, request.amount],
    queryFn: ({ signal }) => getWealthQuote(request, signal),
  });
}

/** Asks only for a request worth quoting (signed in, a well-formed amount). */
export function useWealthQuote(request: WealthBuyRequest | null) {
  return useQuery({
    ...wealthQuoteQueryOptions(request ?? { productId: '', amount: '' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
