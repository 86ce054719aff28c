import type { adminBankSchema } from '@app/contract/wallet';
import type { z } from 'zod';
import { wholeListQueryOptions } from '../../../lib/list-query';

export type AdminBank = z.infer<typeof adminBankSchema>;

export const BANKS_QUERY_KEY = ['banks'] as const;

export function banksQueryOptions() {
  return wholeListQueryOptions<AdminBank>(BANKS_QUERY_KEY, '/banks');
}
