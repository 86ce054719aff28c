import type { AuditEntry } from '@app/contract/admin';
import { pageQueryOptions } from '../../../lib/list-query';

export const AUDIT_QUERY_KEY = ['audit'] as const;

export type AuditListParams = {
  page: number;
  pageSize: number;
  adminId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
};

export function auditEntriesQueryOptions(params: AuditListParams) {
  return pageQueryOptions<AuditEntry>([...AUDIT_QUERY_KEY, 'list'], '/audit', params);
}
