import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { clearSessionData } from '../../../lib/query-client';
import { beginLeaving, endSession } from '../../../lib/session';

export function logoutUser(): Promise<null> {
  return apiPost<null>('/user/logout');
}

/**
 * `leave` runs before the local session ends, so the screen navigates away first; otherwise the
 * sign-in guard of the current screen would send the user to /login with a redirect back to it.
 */
export function useLogoutUser(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutUser,
    onMutate: beginLeaving,
    // Leave locally whatever the server says: a dead session must not trap the user.
    onSettled: async () => {
      // Lazy routes make navigation asynchronous: wait until /login is on screen.
      await leave();
      endSession({ byUser: true });
      clearSessionData(queryClient);
    },
  });
}
