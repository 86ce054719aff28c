import type { Page } from '@app/contract/common';
import type { depositAddressSchema } from '@app/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const DEPOSIT_ADDRESSES_QUERY_KEY = ['deposit-addresses'] as const;
export const ASSIGNED_FILTERS = ['no', 'yes'] as const;

export interface DepositAddressListParams {
  assigned?: (typeof ASSIGNED_FILTERS)[number];
  page: number;
  pageSize: number;
}

export function getDepositAddresses(
  params: DepositAddressListParams,
  signal?: AbortSignal,
): Promise<Page<DepositAddress>> {
  return apiClient.get<Page<DepositAddress>>('/deposit-addresses', { query: { ...params }, signal });
}

export function depositAddressesQueryOptions(params: DepositAddressListParams) {
  return queryOptions({
    queryKey: [...DEPOSIT_ADDRESSES_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getDepositAddresses(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDepositAddresses(params: DepositAddressListParams) {
  return useQuery(depositAddressesQueryOptions(params));
}

/** How many addresses are left to hand out: when this reaches 0, new users cannot deposit. */
export function useFreeAddressCount() {
  return useQuery(depositAddressesQueryOptions({ assigned: 'no', page: 1, pageSize: 1 })).data?.total;
}
