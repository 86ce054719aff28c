import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { clearSessionData } from '../../../lib/query-client';
import { endSession } from '../../../lib/session';

export function logoutUser(): Promise<null> {
  return apiPost<null>('/user/logout');
}

export function useLogoutUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutUser,
    // Leave locally whatever the server says: a dead session must not trap the user.
    onSettled: () => {
      endSession();
      clearSessionData(queryClient);
    },
  });
}
