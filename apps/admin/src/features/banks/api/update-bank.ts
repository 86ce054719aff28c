import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type AdminBank, BANKS_QUERY_KEY } from './get-banks';

export function updateBank(input: { id: string; changes: Partial<Omit<AdminBank, 'id'>> }): Promise<AdminBank> {
  return apiClient.patch<AdminBank>(`/banks/${encodeURIComponent(input.id)}`, input.changes);
}

export function useUpdateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANKS_QUERY_KEY }),
  });
}
