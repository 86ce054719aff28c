import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { NOTICES_QUERY_KEY } from './get-notices';

export function deleteNotice(id: string): Promise<null> {
  return apiClient.delete<null>(`/notices/${encodeURIComponent(id)}`);
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
