import type { Page } from '@app/contract/common';
import type { AdminSupportConversation, SupportInboxFilter } from '@app/contract/support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const SUPPORT_QUERY_KEY = ['support'] as const;
export const SUPPORT_LIST_KEY = [...SUPPORT_QUERY_KEY, 'list'] as const;

export interface InboxParams {
  filter: SupportInboxFilter;
  page: number;
  pageSize: number;
}

export function getConversations(params: InboxParams, signal?: AbortSignal) {
  return apiClient.get<Page<AdminSupportConversation>>('/support/conversations', { query: { ...params }, signal });
}

export function conversationsQueryOptions(params: InboxParams) {
  return queryOptions({
    queryKey: [...SUPPORT_LIST_KEY, params],
    queryFn: ({ signal }) => getConversations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConversations(params: InboxParams) {
  return useQuery(conversationsQueryOptions(params));
}
