import type { Page } from '@app/contract/common';
import type { AdminNotice } from '@app/contract/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const NOTICES_QUERY_KEY = ['notices'] as const;

export interface NoticeListParams {
  published?: 'true' | 'false';
  page: number;
  pageSize: number;
}

export function getNotices(params: NoticeListParams, signal?: AbortSignal): Promise<Page<AdminNotice>> {
  return apiClient.get<Page<AdminNotice>>('/notices', { query: { ...params }, signal });
}

export function noticesQueryOptions(params: NoticeListParams) {
  return queryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getNotices(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNotices(params: NoticeListParams) {
  return useQuery(noticesQueryOptions(params));
}
