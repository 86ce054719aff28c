import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function issueOneTimePassword(input: { id: string; reason: string }): Promise<{ password: string }> {
  return apiClient.post<{ password: string }>(`/users/${encodeURIComponent(input.id)}/one-time-password`, {
    reason: input.reason,
  });
}

export function useIssueOneTimePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueOneTimePassword,
    // The user now must change the password at next login: the detail shows that flag.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
