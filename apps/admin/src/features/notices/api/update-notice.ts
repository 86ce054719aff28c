import type { AdminNotice, UpdateNoticeRequest } from '@app/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { NOTICES_QUERY_KEY } from './get-notices';

/** Edits the texts, or only publishes/unpublishes or pins/unpins. */
export function updateNotice(input: { id: string; changes: UpdateNoticeRequest }): Promise<AdminNotice> {
  return apiClient.patch<AdminNotice>(`/notices/${encodeURIComponent(input.id)}`, input.changes);
}

export function useUpdateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
