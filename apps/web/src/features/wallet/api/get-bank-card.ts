import type { BankCard } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const BANK_CARD_QUERY_KEY = ['wallet', 'bank-card'] as const;

export function getBankCard(signal?: AbortSignal): Promise<BankCard | null> {
  return apiPost<BankCard | null>('/user/bank_card', {}, { signal });
}

export function bankCardQueryOptions() {
  return queryOptions({ queryKey: BANK_CARD_QUERY_KEY, queryFn: ({ signal }) => getBankCard(signal) });
}

export function useBankCard() {
  return useQuery(bankCardQueryOptions());
}
