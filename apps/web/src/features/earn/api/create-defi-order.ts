import type { FlexibleOrder, FlexibleOrderMoneyRequest } from '@app/contract/flexible-earn';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { DEFI_QUERY_KEY } from './get-defi-my-order';

/** The wallet's views of the balances, by key (features do not import each other). */
const WALLET_QUERY_KEY = ['wallet'] as const;

export function createDefiOrder({
  request,
  idempotencyKey,
}: {
  request: FlexibleOrderMoneyRequest;
  idempotencyKey: string;
}): Promise<FlexibleOrder> {
  return apiPost<FlexibleOrder>('/Defi/orderMoney', request, { idempotencyKey });
}

/** A move changes the held amount, the available balance and the fund details. */
export function useCreateDefiOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDefiOrder,
    onSuccess: () =>
      Promise.all(
        [DEFI_QUERY_KEY, WALLET_QUERY_KEY, USER_DETAILS_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
