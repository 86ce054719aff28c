import type { AdminNotice, CreateNoticeRequest } from '@app/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { NOTICES_QUERY_KEY } from './get-notices';

export function createNotice(input: CreateNoticeRequest): Promise<AdminNotice> {
  return apiClient.post<AdminNotice>('/notices', input);
}

export function useCreateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
