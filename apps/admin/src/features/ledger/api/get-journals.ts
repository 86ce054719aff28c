import type { Journal, JournalKind } from '@app/contract/ledger';
import { pageQueryOptions } from '../../../lib/list-query';

export const JOURNALS_QUERY_KEY = ['journals'] as const;

export type JournalListParams = {
  kind?: JournalKind;
  userId?: string;
  page: number;
  pageSize: number;
};

export function journalsQueryOptions(params: JournalListParams) {
  return pageQueryOptions<Journal>([...JOURNALS_QUERY_KEY, 'list'], '/journals', params);
}
