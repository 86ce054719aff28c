import type { LoginHistoryPage } from '@app/contract/sessions';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

const PAGE_SIZE = 20;

export function getLoginHistory(paging: { page: number; pageSize: number }, signal?: AbortSignal) {
  return apiPost<LoginHistoryPage>('/user/login_history', paging, { signal });
}

export function loginHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...SESSIONS_QUERY_KEY, 'history'],
    queryFn: ({ pageParam, signal }) => getLoginHistory({ page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useLoginHistory() {
  return useInfiniteQuery(loginHistoryQueryOptions());
}
