import type { Page } from '@app/contract/common';
import type { Invitee, InviteOverview } from '@app/contract/referral';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const INVITE_QUERY_KEY = ['referral', 'invite'] as const;
const PAGE_SIZE = 20;

/** `user/invite`: the overview with one page of direct invitees. */
export function getInvite(body: { page: number; pageSize: number }, signal?: AbortSignal): Promise<InviteOverview> {
  return apiPost<InviteOverview>('/user/invite', body, { signal });
}

export function inviteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: INVITE_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getInvite({ page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.invitees.page * last.invitees.pageSize < last.invitees.total ? last.invitees.page + 1 : undefined,
  });
}

/** The header of the screen: code, link, level, cashback (from the first page). */
export function useInviteOverview() {
  return useInfiniteQuery({ ...inviteQueryOptions(), select: (data) => data.pages[0]! });
}

/** The invitees, page after page, from the same cache entry. */
export function useInvitees() {
  return useInfiniteQuery({
    ...inviteQueryOptions(),
    select: (data): InfiniteData<Page<Invitee>, number> => ({
      pages: data.pages.map((page) => page.invitees),
      pageParams: data.pageParams,
    }),
  });
}
