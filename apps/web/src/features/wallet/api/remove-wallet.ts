import type { RemoveWalletRequest, WalletAddress } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { USER_WALLETS_QUERY_KEY } from './get-user-wallets';

/** Issue 14: removes an address at once; answers the addresses left. */
export function removeWallet(body: RemoveWalletRequest): Promise<WalletAddress[]> {
  return apiPost<WalletAddress[]>('/user/remove_wallet', body);
}

export function useRemoveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWallet,
    onSuccess: (left) => {
      queryClient.setQueryData(USER_WALLETS_QUERY_KEY, left);
      // hasWallet may turn false.
      return queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY });
    },
  });
}
