import type { depositAddressSchema } from '@app/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { pageQueryOptions } from '../../../lib/list-query';

export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const DEPOSIT_ADDRESSES_QUERY_KEY = ['deposit-addresses'] as const;
export const ASSIGNED_FILTERS = ['no', 'yes'] as const;

export type DepositAddressListParams = {
  assigned?: (typeof ASSIGNED_FILTERS)[number];
  page: number;
  pageSize: number;
};

export function depositAddressesQueryOptions(params: DepositAddressListParams) {
  return pageQueryOptions<DepositAddress>([...DEPOSIT_ADDRESSES_QUERY_KEY, 'list'], '/deposit-addresses', params);
}

/** How many addresses are left to hand out: when this reaches 0, new users cannot deposit. */
export function useFreeAddressCount() {
  return useQuery(depositAddressesQueryOptions({ assigned: 'no', page: 1, pageSize: 1 })).data?.total;
}
