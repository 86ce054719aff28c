import type { PasskeyList } from '@app/contract/passkeys';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';

export const PASSKEYS_QUERY_KEY = ['user', 'passkeys'] as const;

export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return apiPost<PasskeyList>('/user/passkeys/list', {}, { signal });
}

export function usePasskeys() {
  return useQuery(queryOptions({ queryKey: PASSKEYS_QUERY_KEY, queryFn: ({ signal }) => getPasskeys(signal) }));
}

/** The list and the profile (whose `hasPasskey` makes money moves offer the passkey) are read again. */
export function invalidatePasskeys(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY });
}
