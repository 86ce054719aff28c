import type { SetWithdrawProtectionRequest, WithdrawProtection } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { BANK_CARD_QUERY_KEY } from './get-bank-card';
import { USER_WALLETS_QUERY_KEY } from './get-user-wallets';
import { WITHDRAW_PROTECTION_QUERY_KEY } from './get-withdraw-protection';

export function setWithdrawProtection(body: SetWithdrawProtectionRequest): Promise<WithdrawProtection> {
  return apiPost<WithdrawProtection>('/user/set_withdraw_protection', body);
}

/** Turning it on or off changes when each destination may receive money: they are read again. */
export function useSetWithdrawProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWithdrawProtection,
    onSuccess: (protection) => {
      queryClient.setQueryData(WITHDRAW_PROTECTION_QUERY_KEY, protection);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: BANK_CARD_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_WALLETS_QUERY_KEY }),
      ]);
    },
  });
}
