import {
  type Currency,
  isJournalKindAllowedIn,
  type JournalKind,
  type PlatformAccount,
  type UserAccountKind,
} from '@app/contract/ledger';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { hasDatabaseErrorCode } from '../../db/errors.js';
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
  /**
   * Which row of each platform account it posts to (0 … PLATFORM_SHARDS − 1); by default chosen by
   * the key. A caller posting many journals in one transaction gives them one shard, so the
   * transaction locks one row of the platform account instead of all of them (order placement).
   */
  platformShard?: number;
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

/** The platform shard a journal posts to: the caller's choice, else one chosen by its key. */
function shardOfJournal(input: Pick<JournalInput, 'idempotencyKey' | 'platformShard'>): number {
  const shard = input.platformShard;
  if (shard === undefined) return shardOf(input.idempotencyKey);
  if (!Number.isInteger(shard) || shard < 0 || shard >= PLATFORM_SHARDS) throw new Error(`no platform shard ${shard}`);
  return shard;
}

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
  // The practice currency never meets a real money path (issue 14): no deposit, withdrawal,
  // conversion, earn, cashback or adjustment moves it, and practice grants move nothing else.
  const [currency] = currencies;
  if (!isJournalKindAllowedIn(input.kind, currency!)) {
    throw new LedgerRefusal(`a ${input.kind} journal may not move ${currency}`);
  }
}

/** A journal the ledger will never post (a programmer error in the caller): nothing moved. */
export class LedgerRefusal extends Error {}

/** The SQLSTATE ledger_post raises when a user account would go below zero. */
const INSUFFICIENT_BALANCE_CODE = 'LB001';

/**
 * Posts one journal inside `tx`. The work runs in the database function `ledger_post` (migration
 * 0003), so the accounts stay locked for one statement instead of a conversation of round trips.
 * Throws AppError('insufficient_balance') when a user account would go below zero.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<PostedJournal> {
  assertBalancedJournal(input);
  const postings = postingRows(input);
  try {
    const [row] = await queryRows<{ journal_id: string | number; is_replay: boolean }>(
      tx,
      sql`SELECT journal_id, is_replay FROM ledger_post(
        ${input.kind}, ${input.reference.type}, ${String(input.reference.id)}, ${input.idempotencyKey},
        ${input.memo ?? null}, ${input.adminId ?? null}, ${JSON.stringify(postings)}::jsonb)`,
    );
    return { journalId: Number(row!.journal_id), isReplay: row!.is_replay };
  } catch (error) {
    if (hasDatabaseErrorCode(error, INSUFFICIENT_BALANCE_CODE)) throw new AppError('insufficient_balance');
    throw error;
  }
}

/**
 * A journal for a database function that posts it (through `ledger_post_batch`) in the same
 * statement as the row it pays for, whose id is not known yet (order placement's
 * statement references the order it inserts). Checked here by the same rules as `postJournal`.
 */
export function journalForDatabase(input: Omit<JournalInput, 'reference'>): {
  kind: JournalKind;
  idempotency_key: string;
  postings: ReturnType<typeof postingRows>;
} {
  const journal = { ...input, reference: { type: '', id: '' } };
  assertBalancedJournal(journal);
  return { kind: input.kind, idempotency_key: input.idempotencyKey, postings: postingRows(journal) };
}

/**
 * The accounts a journal with this key (and `platformShard`, if it has one) posts to, as
 * `ledger_lock_accounts` takes them: a database
 * function that decides on balances before it posts (order placement) has the ledger lock them and
 * answer their balances, and never reads or locks the ledger's tables itself.
 */
export function accountsToLock(idempotencyKey: string, refs: readonly AccountRef[], platformShard?: number) {
  const shard = shardOfJournal({ idempotencyKey, platformShard });
  return refs.map((ref) => ({
    key: accountKey(ref, shard),
    user_id: 'userId' in ref ? ref.userId : null,
    kind: 'userId' in ref ? ref.kind : ref.platform,
    currency: ref.currency ?? DEFAULT_CURRENCY,
  }));
}

/**
 * Locks the user accounts a caller decides on before it posts, in this transaction, and answers their
 * balances by account key (0 for an account created now). A journal posted next in `tx` sees them unmoved.
 */
export async function lockUserBalances(
  tx: Tx,
  refs: ReadonlyArray<Extract<AccountRef, { userId: number }>>,
): Promise<Map<string, bigint>> {
  const accounts = accountsToLock('', refs);
  const rows = await queryRows<{ key: string; balance: string | number }>(
    tx,
    sql`SELECT key, balance::text AS balance FROM ledger_lock_accounts(${JSON.stringify(accounts)}::jsonb)`,
  );
  return new Map(rows.map((r) => [r.key, BigInt(r.balance)]));
}

/** Journals one `postJournals` call takes at most: bounds the statement, its locks and its payload. */
export const JOURNAL_BATCH_MAX = 1_000;

/**
 * Posts many journals inside `tx` in one round trip (database function `ledger_post_batch`, migration
 * 0006), with the rules of `postJournal`: each balances, each key posts at most once (a repeated key
 * answers `isReplay` and moves nothing), and every account the batch touches is locked once, in id
 * order. All or nothing: when any user account would go below zero, the whole batch is refused with
 * AppError('insufficient_balance') and nothing moves. Answers in the order of `inputs`.
 */
export async function postJournals(tx: Tx, inputs: readonly JournalInput[]): Promise<PostedJournal[]> {
  if (inputs.length === 0) return [];
  if (inputs.length > JOURNAL_BATCH_MAX) throw new Error(`a batch of ${inputs.length} journals is too large`);
  const keys = new Set(inputs.map((input) => input.idempotencyKey));
  if (keys.size !== inputs.length) throw new Error('an idempotency key appears twice in one batch');
  const journals = inputs.map((input) => {
    assertBalancedJournal(input);
    return {
      kind: input.kind,
      reference_type: input.reference.type,
      reference_id: String(input.reference.id),
      idempotency_key: input.idempotencyKey,
      memo: input.memo ?? null,
      admin_id: input.adminId ?? null,
      postings: postingRows(input),
    };
  });
  try {
    const rows = await queryRows<{ idempotency_key: string; journal_id: string | number; is_replay: boolean }>(
      tx,
      sql`SELECT idempotency_key, journal_id, is_replay FROM ledger_post_batch(${JSON.stringify(journals)}::jsonb)`,
    );
    if (rows.length !== inputs.length) throw new Error('ledger_post_batch answered a row count other than asked');
    return rows.map((row, i) => {
      if (row.idempotency_key !== inputs[i]!.idempotencyKey) throw new Error('ledger_post_batch answered out of order');
      return { journalId: Number(row.journal_id), isReplay: row.is_replay };
    });
  } catch (error) {
    if (hasDatabaseErrorCode(error, INSUFFICIENT_BALANCE_CODE)) throw new AppError('insufficient_balance');
    throw error;
  }
}

/** The postings as the database functions take them; platform accounts on the journal's shard. */
function postingRows(input: JournalInput) {
  const shard = shardOfJournal(input);
  return input.postings.map((p) => ({
    key: accountKey(p.account, shard),
    user_id: 'userId' in p.account ? p.account.userId : null,
    kind: 'userId' in p.account ? p.account.kind : p.account.platform,
    currency: p.account.currency ?? DEFAULT_CURRENCY,
    // As a string: JSON has no integers this large.
    amount: p.amount.toString(),
  }));
}
