import type { Notice } from '@app/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { NOTICES_QUERY_KEY } from '../../../lib/api/get-notices';

export function getNotice(id: string, signal?: AbortSignal): Promise<Notice> {
  return apiGet<Notice>(`/common/notice/${encodeURIComponent(id)}`, { signal, useEtag: true });
}

export function noticeQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getNotice(id, signal),
    enabled: /^\d{1,18}$/.test(id),
  });
}

export function useNotice(id: string) {
  return useQuery(noticeQueryOptions(id));
}
