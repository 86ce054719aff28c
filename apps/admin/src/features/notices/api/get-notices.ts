import type { AdminNotice } from '@app/contract/content';
import { pageQueryOptions } from '../../../lib/list-query';

export const NOTICES_QUERY_KEY = ['notices'] as const;

export type NoticeListParams = {
  published?: 'true' | 'false';
  page: number;
  pageSize: number;
};

export function noticesQueryOptions(params: NoticeListParams) {
  return pageQueryOptions<AdminNotice>([...NOTICES_QUERY_KEY, 'list'], '/notices', params);
}
