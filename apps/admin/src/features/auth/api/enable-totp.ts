import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ME_QUERY_KEY } from './get-me';

export function enableTotp(code: string): Promise<null> {
  return apiClient.post<null>('/auth/totp/enable', { code });
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
