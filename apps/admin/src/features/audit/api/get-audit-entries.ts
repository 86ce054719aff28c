import type { AuditEntry } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const AUDIT_QUERY_KEY = ['audit'] as const;

export interface AuditListParams {
  page: number;
  pageSize: number;
  adminId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
}

export function getAuditEntries(params: AuditListParams, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return apiClient.get<Page<AuditEntry>>('/audit', { query: { ...params }, signal });
}

export function auditEntriesQueryOptions(params: AuditListParams) {
  return queryOptions({
    queryKey: [...AUDIT_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getAuditEntries(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditEntries(params: AuditListParams) {
  return useQuery(auditEntriesQueryOptions(params));
}
