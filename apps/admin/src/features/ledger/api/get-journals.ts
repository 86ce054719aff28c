import type { Page } from '@app/contract/common';
import type { Journal, JournalKind } from '@app/contract/ledger';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const JOURNALS_QUERY_KEY = ['journals'] as const;

export interface JournalListParams {
  kind?: JournalKind;
  userId?: string;
  page: number;
  pageSize: number;
}

export function getJournals(params: JournalListParams, signal?: AbortSignal): Promise<Page<Journal>> {
  return apiClient.get<Page<Journal>>('/journals', { query: { ...params }, signal });
}

export function journalsQueryOptions(params: JournalListParams) {
  return queryOptions({
    queryKey: [...JOURNALS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getJournals(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useJournals(params: JournalListParams) {
  return useQuery(journalsQueryOptions(params));
}
