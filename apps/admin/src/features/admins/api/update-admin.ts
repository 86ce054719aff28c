import type { AdminProfile, AdminUpdateRequest } from '@app/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMINS_QUERY_KEY } from './get-admins';

export function updateAdmin(input: { id: string; changes: AdminUpdateRequest }): Promise<AdminProfile> {
  return apiClient.patch<AdminProfile>(`/admins/${encodeURIComponent(input.id)}`, input.changes);
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  });
}
