import type { BankCard, SaveBankRequest } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { BANK_CARD_QUERY_KEY } from './get-bank-card';

export function saveBankCard(body: SaveBankRequest): Promise<BankCard> {
  return apiPost<BankCard>('/user/save_bank', body);
}

export function useSaveBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankCard,
    onSuccess: (card) => {
      queryClient.setQueryData(BANK_CARD_QUERY_KEY, card);
      // hasBankCard turns true.
      return queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY });
    },
  });
}
