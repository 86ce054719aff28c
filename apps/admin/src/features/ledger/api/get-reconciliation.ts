import type { Reconciliation } from '@app/contract/ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const RECONCILIATION_QUERY_KEY = ['reconciliation'] as const;

/** Each call runs the checks afresh on the server; the screen's Re-run refetches. */
export function getReconciliation(signal?: AbortSignal): Promise<Reconciliation> {
  return apiClient.get<Reconciliation>('/reconciliation', { signal });
}

export function reconciliationQueryOptions() {
  return queryOptions({ queryKey: RECONCILIATION_QUERY_KEY, queryFn: ({ signal }) => getReconciliation(signal) });
}

export function useReconciliation() {
  return useQuery(reconciliationQueryOptions());
}
