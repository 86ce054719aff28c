import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type AdminBank, BANKS_QUERY_KEY } from './get-banks';

export type SaveBankInput = Omit<AdminBank, 'id'>;

export function createBank(input: SaveBankInput): Promise<AdminBank> {
  return apiClient.post<AdminBank>('/banks', input);
}

export function useCreateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANKS_QUERY_KEY }),
  });
}
