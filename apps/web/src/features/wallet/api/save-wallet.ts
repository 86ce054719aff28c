import type { SaveWalletRequest, WalletAddress } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { USER_WALLETS_QUERY_KEY } from './get-user-wallets';

export function saveWallet(body: SaveWalletRequest): Promise<WalletAddress> {
  return apiPost<WalletAddress>('/user/save_wallet', body);
}

export function useSaveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWallet,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_WALLETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY }),
      ]),
  });
}
