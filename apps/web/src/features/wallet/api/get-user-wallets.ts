import type { WalletAddress } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const USER_WALLETS_QUERY_KEY = ['wallet', 'addresses'] as const;

export function getUserWallets(signal?: AbortSignal): Promise<WalletAddress[]> {
  return apiPost<WalletAddress[]>('/user/getUserWallets', {}, { signal });
}

export function userWalletsQueryOptions() {
  return queryOptions({ queryKey: USER_WALLETS_QUERY_KEY, queryFn: ({ signal }) => getUserWallets(signal) });
}

export function useUserWallets() {
  return useQuery(userWalletsQueryOptions());
}
