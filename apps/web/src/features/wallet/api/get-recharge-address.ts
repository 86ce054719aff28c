import type { RechargeAddress } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const RECHARGE_ADDRESS_QUERY_KEY = ['wallet', 'recharge-address', 'TRC20'] as const;

export function getRechargeAddress(signal?: AbortSignal): Promise<RechargeAddress> {
  return apiPost<RechargeAddress>('/wallet/getRechargeAddress', { network: 'TRC20' }, { signal });
}

export function rechargeAddressQueryOptions() {
  return queryOptions({
    queryKey: RECHARGE_ADDRESS_QUERY_KEY,
    queryFn: ({ signal }) => getRechargeAddress(signal),
    // The address is assigned once per user; it does not change under the screen.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}

export function useRechargeAddress() {
  return useQuery(rechargeAddressQueryOptions());
}
