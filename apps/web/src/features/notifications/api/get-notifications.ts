import type { NotificationPage } from '@app/contract/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

/** Every notification query lives under this key: a push or a read mark refreshes them together. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
const PAGE_SIZE = 20;

export function getNotifications(paging: { page: number; pageSize: number }, signal?: AbortSignal) {
  return apiPost<NotificationPage>('/notification/list', paging, { signal });
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => getNotifications({ page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
