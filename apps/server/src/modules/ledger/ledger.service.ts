import type { Currency, JournalKind, PlatformAccount, UserAccountKind } from '@app/contract/ledger';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { ledgerAccounts, ledgerJournals, ledgerPostings } from './ledger.tables.js';

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

export function accountKey(ref: AccountRef): string {
  const currency = ref.currency ?? DEFAULT_CURRENCY;
  return 'userId' in ref ? `user:${ref.userId}:${ref.kind}:${currency}` : `platform:${ref.platform}:${currency}`;
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

/** Posts one journal inside `tx`. Throws AppError('insufficient_balance') when a user account would go below zero. */
export async function postJournal(tx: Tx, input: JournalInput): Promise<PostedJournal> {
  assertBalancedJournal(input);
  const inserted = await tx
    .insert(ledgerJournals)
    .values({
      kind: input.kind,
      referenceType: input.reference.type,
      referenceId: String(input.reference.id),
      idempotencyKey: input.idempotencyKey,
      memo: input.memo ?? null,
      adminId: input.adminId ?? null,
    })
    .onConflictDoNothing({ target: ledgerJournals.idempotencyKey })
    .returning({ id: ledgerJournals.id });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(sql`${ledgerJournals.idempotencyKey} = ${input.idempotencyKey}`);
    return { journalId: existing!.id, isReplay: true };
  }
  const journalId = inserted[0]!.id;

  const refs = input.postings.map((p) => ({ key: accountKey(p.account), ref: p.account, amount: p.amount }));
  // Create missing accounts first, so the lock below covers them and a new account cannot be raced.
  await tx
    .insert(ledgerAccounts)
    .values(
      refs.map(({ key, ref }) => ({
        key,
        userId: 'userId' in ref ? ref.userId : null,
        kind: 'userId' in ref ? ref.kind : ref.platform,
        currency: ref.currency ?? DEFAULT_CURRENCY,
      })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.key });
  const locked = await tx
    .select({
      id: ledgerAccounts.id,
      key: ledgerAccounts.key,
      userId: ledgerAccounts.userId,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.key,
        refs.map((r) => r.key),
      ),
    )
    .orderBy(ledgerAccounts.id)
    .for('update');
  const byKey = new Map(locked.map((a) => [a.key, a]));

  const postings = refs.map(({ key, amount }) => {
    const account = byKey.get(key);
    if (!account) throw new Error(`account ${key} vanished`);
    const balanceAfter = account.balance + amount;
    if (account.userId !== null && balanceAfter < 0n) throw new AppError('insufficient_balance');
    return { account, amount, balanceAfter };
  });
  for (const p of postings) {
    await tx.execute(sql`UPDATE ledger_accounts SET balance = ${p.balanceAfter} WHERE id = ${p.account.id}`);
  }
  await tx.insert(ledgerPostings).values(
    postings.map((p) => ({
      journalId,
      accountId: p.account.id,
      userId: p.account.userId,
      amount: p.amount,
      balanceAfter: p.balanceAfter,
    })),
  );
  return { journalId, isReplay: false };
}

const RETRYABLE_CODES = new Set(['40001', '40P01']);
const TRANSACTION_ATTEMPTS_MAX = 5;

function isRetryable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (RETRYABLE_CODES.has((e as { code?: string }).code ?? '')) return true;
  }
  return false;
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
