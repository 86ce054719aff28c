import type { AdminCreateRequest, AdminProfile } from '@app/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMINS_QUERY_KEY } from './get-admins';

export function createAdmin(body: AdminCreateRequest): Promise<AdminProfile> {
  return apiClient.post<AdminProfile>('/admins', body);
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  });
}
