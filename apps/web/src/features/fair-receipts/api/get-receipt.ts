import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFairReceipt } from '../../../lib/fair-receipt';

export const RECEIPT_QUERY_KEY = ['fair', 'receipt'] as const;
/** While a receipt is not yet verifiable, it is asked for again this often (and at the time it names). */
const PENDING_REFETCH_MS = 5_000;

export function receiptQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...RECEIPT_QUERY_KEY, orderId],
    queryFn: ({ signal }) => getFairReceipt(orderId, signal),
    enabled: orderId !== '',
    // A verifiable receipt never changes; a pending one becomes verifiable within minutes.
    staleTime: (query) => (query.state.data?.verifiable ? Number.POSITIVE_INFINITY : 0),
    refetchInterval: (query) => (query.state.data && !query.state.data.verifiable ? PENDING_REFETCH_MS : false),
  });
}

export function useReceipt(orderId: string) {
  return useQuery(receiptQueryOptions(orderId));
}
