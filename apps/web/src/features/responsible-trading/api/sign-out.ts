import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { clearSessionData } from '../../../lib/query-client';
import { beginLeaving, endSession } from '../../../lib/session';

/** The reality check's "sign out": the same as the profile's, leaving locally whatever the server says. */
export function useSignOut(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<null>('/user/logout'),
    onMutate: beginLeaving,
    onSettled: async () => {
      await leave();
      endSession({ byUser: true });
      clearSessionData(queryClient);
    },
  });
}
