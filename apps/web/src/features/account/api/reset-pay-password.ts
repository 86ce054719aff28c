import type { ResetPayPasswordRequest } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';

export function resetPayPassword(body: ResetPayPasswordRequest): Promise<null> {
  return apiPost<null>('/user/reset_paypwd', body);
}

export function useResetPayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPayPassword,
    // hasPayPassword turns true.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY }),
  });
}
