import type { UserProfile } from '@app/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from '../session';
import { apiPost } from './client';

/** Shared by the home and account features: both show parts of the signed-in user's profile. */
export const USER_DETAILS_QUERY_KEY = ['user', 'details'] as const;

export function getUserDetails(signal?: AbortSignal): Promise<UserProfile> {
  return apiPost<UserProfile>('/user/details', {}, { signal });
}

export function userDetailsQueryOptions() {
  return queryOptions({
    queryKey: USER_DETAILS_QUERY_KEY,
    queryFn: ({ signal }) => getUserDetails(signal),
    staleTime: 30_000,
  });
}

/** The profile, fetched only while there is a session. */
export function useUserDetails() {
  const isSignedIn = useIsSignedIn();
  return useQuery({ ...userDetailsQueryOptions(), enabled: isSignedIn });
}
