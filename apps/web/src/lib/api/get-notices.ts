import type { Page } from '@app/contract/common';
import type { NoticeSummary } from '@app/contract/content';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

/** Announcements (`GET /api/common/notice`): shared by the home strip and the announcements screens. */
export const NOTICES_QUERY_KEY = ['common', 'notices'] as const;
const PAGE_SIZE = 20;

export function getNotices(paging: { page: number; pageSize: number }, signal?: AbortSignal) {
  return apiGet<Page<NoticeSummary>>(`/common/notice?page=${paging.page}&pageSize=${paging.pageSize}`, {
    signal,
    useEtag: true,
  });
}

export function noticesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => getNotices({ page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useNotices() {
  return useInfiniteQuery(noticesQueryOptions());
}

/** The first announcement (pinned ones come first), for a one-line strip. */
export function latestNoticeQueryOptions() {
  return queryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'latest'],
    queryFn: async ({ signal }) => (await getNotices({ page: 1, pageSize: 1 }, signal)).list[0] ?? null,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function useLatestNotice() {
  return useQuery(latestNoticeQueryOptions());
}
