import type { WealthOrder, WealthSubmitRequest } from '@app/contract/wealth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { WEALTH_QUERY_KEY } from './get-wealth-products';

export function submitWealth({
  request,
  idempotencyKey,
}: {
  request: WealthSubmitRequest;
  idempotencyKey: string;
}): Promise<WealthOrder> {
  return apiPost<WealthOrder>('/wealth/submit', request, { idempotencyKey });
}

export function useSubmitWealth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitWealth, onSuccess: () => invalidateAfterPurchase(queryClient) });
}

/**
 * A purchase moves available → earn_locked and uses quota: products, orders, revenue and every view
 * of the balance change. The wallet's queries live under the `wallet` key (by name, not by import:
 * features do not import each other).
 */
export function invalidateAfterPurchase(queryClient: QueryClient) {
  return Promise.all(
    [WEALTH_QUERY_KEY, USER_DETAILS_QUERY_KEY, ['wallet']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
