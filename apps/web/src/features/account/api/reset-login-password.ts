import type { ResetPasswordRequest } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';

export function resetLoginPassword(body: ResetPasswordRequest): Promise<null> {
  return apiPost<null>('/user/reset_pwd', body);
}

export function useResetLoginPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLoginPassword,
    // mustChangePassword turns false.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY }),
  });
}
