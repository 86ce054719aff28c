import type { Currency, JournalKind, PlatformAccount, UserAccountKind } from '@app/contract/ledger';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { AppError } from '../../http/app-error.js';

/**
 * The only code that changes a balance (DESIGN.md 5). Every change is one journal of two or more
 * postings summing to zero, written inside the caller's transaction: accounts are locked in id
 * order, user accounts may not go below zero, and an idempotency key posts at most once, ever.
 * This module imports nothing from other modules.
 */

export type AccountRef =
  | { userId: number; kind: UserAccountKind; currency?: Currency }
  | { platform: PlatformAccount; currency?: Currency };

export interface PostingInput {
  account: AccountRef;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface JournalInput {
  kind: JournalKind;
  /** Unique per business event, e.g. `deposit:42:confirm`. A second post with it does nothing. */
  idempotencyKey: string;
  reference: { type: string; id: string | number };
  memo?: string;
  adminId?: number;
  postings: PostingInput[];
}

export interface PostedJournal {
  journalId: number;
  /** True when the key had been posted before: nothing moved this time. */
  isReplay: boolean;
}

const DEFAULT_CURRENCY: Currency = 'USDT';

/**
 * Each platform account is kept as PLATFORM_SHARDS rows (`platform:fees:USDT:0` … `:7`), and a
 * journal touches one of them chosen by its key. Every deposit, fee and payout would otherwise
 * queue on one hot row; reports and reconciliation add the shards up (they share kind and currency).
 */
export const PLATFORM_SHARDS = 8;

function shardOf(idempotencyKey: string): number {
  // FNV-1a: cheap, and stable for a given key.
  let hash = 0x811c9dc5;
  for (let i = 0; i < idempotencyKey.length; i++) {
    hash ^= idempotencyKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PLATFORM_SHARDS;
}

export function accountKey(ref: AccountRef, shard = 0): string {
  const currency = ref.currency ?? DEFAULT_CURRENCY;
  return 'userId' in ref
    ? `user:${ref.userId}:${ref.kind}:${currency}`
    : `platform:${ref.platform}:${currency}:${shard}`;
}

function assertBalancedJournal(input: JournalInput): void {
  if (input.postings.length < 2) throw new Error('a journal needs at least two postings');
  let sum = 0n;
  const keys = new Set<string>();
  for (const posting of input.postings) {
    if (posting.amount === 0n) throw new Error('a posting of zero');
    sum += posting.amount;
    keys.add(accountKey(posting.account));
  }
  if (sum !== 0n) throw new Error(`journal ${input.idempotencyKey} does not balance: ${sum}`);
  if (keys.size !== input.postings.length) throw new Error('an account appears twice in one journal');
  const currencies = new Set(input.postings.map((p) => p.account.currency ?? DEFAULT_CURRENCY));
  if (currencies.size !== 1) throw new Error('a journal moves one currency');
}

/** The SQLSTATE ledger_post raises when a user account would go below zero. */
const INSUFFICIENT_BALANCE_CODE = 'LB001';

function hasErrorCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: string }).code === code) return true;
  }
  return false;
}

/**
 * Posts one journal inside `tx`. The work runs in the database function `ledger_post` (migration
 * 0003), so the accounts stay locked for one statement instead of a conversation of round trips.
 * Throws AppError('insufficient_balance') when a user account would go below zero.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<PostedJournal> {
  assertBalancedJournal(input);
  const shard = shardOf(input.idempotencyKey);
  const postings = input.postings.map((p) => ({
    key: accountKey(p.account, shard),
    user_id: 'userId' in p.account ? p.account.userId : null,
    kind: 'userId' in p.account ? p.account.kind : p.account.platform,
    currency: p.account.currency ?? DEFAULT_CURRENCY,
    // As a string: JSON has no integers this large.
    amount: p.amount.toString(),
  }));
  try {
    const [row] = await queryRows<{ journal_id: string | number; is_replay: boolean }>(
      tx,
      sql`SELECT journal_id, is_replay FROM ledger_post(
        ${input.kind}, ${input.reference.type}, ${String(input.reference.id)}, ${input.idempotencyKey},
        ${input.memo ?? null}, ${input.adminId ?? null}, ${JSON.stringify(postings)}::jsonb)`,
    );
    return { journalId: Number(row!.journal_id), isReplay: row!.is_replay };
  } catch (error) {
    if (hasErrorCode(error, INSUFFICIENT_BALANCE_CODE)) throw new AppError('insufficient_balance');
    throw error;
  }
}

const RETRYABLE_CODES = new Set(['40001', '40P01']);
const TRANSACTION_ATTEMPTS_MAX = 5;

function isRetryable(error: unknown): boolean {
  return [...RETRYABLE_CODES].some((code) => hasErrorCode(error, code));
}

/** Runs a money-moving transaction, retrying it whole on a deadlock or serialization failure. */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS_MAX || !isRetryable(error)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}
