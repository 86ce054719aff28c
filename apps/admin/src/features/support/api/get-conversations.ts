import type { AdminSupportConversation, SupportInboxFilter } from '@app/contract/support';
import { pageQueryOptions } from '../../../lib/list-query';

export const SUPPORT_QUERY_KEY = ['support'] as const;
export const SUPPORT_LIST_KEY = [...SUPPORT_QUERY_KEY, 'list'] as const;

export type InboxParams = {
  filter: SupportInboxFilter;
  page: number;
  pageSize: number;
};

export function conversationsQueryOptions(params: InboxParams) {
  return pageQueryOptions<AdminSupportConversation>(SUPPORT_LIST_KEY, '/support/conversations', params);
}
