import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile, userAccountBalance } from './ledger.reads.js';
import { accountsToLock, type JournalInput, postJournal, postJournals } from './ledger.service.js';

/** Concurrency on a real PostgreSQL: many connections race for the same balance. */
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t.close());

const M = 1_000_000n;

test('50 parallel debits that together exceed the balance: the accepted sum never exceeds it', async () => {
  await transact(db, (tx) =>
    postJournal(tx, {
      kind: 'deposit',
      idempotencyKey: 'seed-1',
      reference: { type: 'test', id: 1 },
      postings: [
        { account: { platform: 'deposits' }, amount: -100n * M },
        { account: { userId: 1, kind: 'available' }, amount: 100n * M },
      ],
    }),
  );
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) =>
      transact(db, (tx) =>
        postJournal(tx, {
          kind: 'withdrawal_request',
          idempotencyKey: `debit-${i}`,
          reference: { type: 'test', id: i },
          postings: [
            { account: { userId: 1, kind: 'available' }, amount: -7n * M },
            { account: { userId: 1, kind: 'frozen' }, amount: 7n * M },
          ],
        }),
      ),
    ),
  );
  const accepted = results.filter((r) => r.status === 'fulfilled').length;
  const refused = results.filter((r) => r.status === 'rejected');
  expect(accepted).toBe(14); // 14 × 7 = 98 ≤ 100 < 105
  expect(refused.every((r) => (r as PromiseRejectedResult).reason.errorName === 'insufficient_balance')).toBe(true);
  expect(await userAccountBalance(db, 1, 'available')).toBe(2n * M);
  expect(await userAccountBalance(db, 1, 'frozen')).toBe(98n * M);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('the same idempotency key 20 times in parallel: one effect', async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      transact(db, (tx) =>
        postJournal(tx, {
          kind: 'deposit',
          idempotencyKey: 'same-key',
          reference: { type: 'test', id: 2 },
          postings: [
            { account: { platform: 'deposits' }, amount: -3n * M },
            { account: { userId: 2, kind: 'available' }, amount: 3n * M },
          ],
        }),
      ),
    ),
  );
  expect(results.filter((r) => !r.isReplay)).toHaveLength(1);
  expect(await userAccountBalance(db, 2, 'available')).toBe(3n * M);
});

test('opposite transfers between two users in parallel do not deadlock for good', async () => {
  for (const userId of [3, 4]) {
    await transact(db, (tx) =>
      postJournal(tx, {
        kind: 'deposit',
        idempotencyKey: `seed-${userId}`,
        reference: { type: 'test', id: userId },
        postings: [
          { account: { platform: 'deposits' }, amount: -50n * M },
          { account: { userId, kind: 'available' }, amount: 50n * M },
        ],
      }),
    );
  }
  await Promise.all(
    Array.from({ length: 40 }, (_, i) => {
      const [from, to] = i % 2 ? [3, 4] : [4, 3];
      return transact(db, (tx) =>
        postJournal(tx, {
          kind: 'adjustment',
          idempotencyKey: `swap-${i}`,
          reference: { type: 'test', id: i },
          postings: [
            { account: { userId: from, kind: 'available' }, amount: -M },
            { account: { userId: to, kind: 'available' }, amount: M },
          ],
        }),
      );
    }),
  );
  expect((await userAccountBalance(db, 3, 'available')) + (await userAccountBalance(db, 4, 'available'))).toBe(
    100n * M,
  );
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('20 parallel batches over overlapping accounts: locks in id order, no deadlock, each key once', async () => {
  const users = Array.from({ length: 12 }, (_, i) => 100 + i);
  await transact(db, (tx) =>
    postJournals(
      tx,
      users.map((userId) => ({
        kind: 'deposit' as const,
        idempotencyKey: `batch-seed-${userId}`,
        reference: { type: 'test', id: userId },
        postings: [
          { account: { platform: 'deposits' as const }, amount: -1_000n * M },
          { account: { userId, kind: 'available' as const }, amount: 1_000n * M },
        ],
      })),
    ),
  );
  // Every batch names the same accounts in its own shuffled order, with a fee to a platform shard.
  const model = new Map(users.map((u) => [u, 1_000n * M]));
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const batches: JournalInput[][] = Array.from({ length: 20 }, (_, b) =>
    Array.from({ length: 60 }, (_, j) => {
      const from = users[random(users.length)]!;
      const to = users.filter((u) => u !== from)[random(users.length - 1)]!;
      model.set(from, model.get(from)! - 2n * M);
      model.set(to, model.get(to)! + M);
      return {
        kind: 'adjustment' as const,
        idempotencyKey: `batch-${b}-${j}`,
        reference: { type: 'test', id: j },
        postings: [
          { account: { userId: from, kind: 'available' as const }, amount: -2n * M },
          { account: { userId: to, kind: 'available' as const }, amount: M },
          { account: { platform: 'fees' as const }, amount: M },
        ],
      };
    }),
  );
  // Without retries: a deadlock between batches would surface here as a rejection.
  const results = await Promise.allSettled(batches.map((batch) => db.transaction((tx) => postJournals(tx, batch))));
  expect(
    results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
  ).toEqual([]);
  for (const u of users) expect(await userAccountBalance(db, u, 'available')).toBe(model.get(u));
  // The same batches again, in parallel: every journal is a replay and nothing moves.
  const again = await Promise.all(batches.map((batch) => transact(db, (tx) => postJournals(tx, batch))));
  expect(again.flat().every((p) => p.isReplay)).toBe(true);
  for (const u of users) expect(await userAccountBalance(db, u, 'available')).toBe(model.get(u));
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('accounts locked by ledger_lock_accounts stay put until the locking transaction ends', async () => {
  const userId = 9_001;
  await transact(db, (tx) =>
    postJournal(tx, {
      kind: 'deposit',
      idempotencyKey: 'lock-seed',
      reference: { type: 'test', id: 1 },
      postings: [
        { account: { platform: 'deposits' }, amount: -10n * M },
        { account: { userId, kind: 'available' }, amount: 10n * M },
      ],
    }),
  );
  const accounts = accountsToLock('lock-holder', [{ userId, kind: 'available' }]);
  let debited = false;
  let debit: Promise<unknown> | undefined;
  const seenWhileLocked = await db.transaction(async (tx) => {
    const [locked] = await queryRows<{ balance: string }>(
      tx,
      sql`SELECT balance::text AS balance FROM ledger_lock_accounts(${JSON.stringify(accounts)}::jsonb)`,
    );
    // Another connection debits the same account: it must wait for this transaction.
    debit = transact(db, (other) =>
      postJournal(other, {
        kind: 'withdrawal_request',
        idempotencyKey: 'lock-debit',
        reference: { type: 'test', id: 2 },
        postings: [
          { account: { userId, kind: 'available' }, amount: -4n * M },
          { account: { userId, kind: 'frozen' }, amount: 4n * M },
        ],
      }),
    ).then(() => {
      debited = true;
    });
    // Waits for the state (the debit blocked on a lock), not for a number of milliseconds.
    for (let i = 0; i < 400; i++) {
      const [waiting] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (waiting!.n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const [again] = await queryRows<{ balance: string }>(
      tx,
      sql`SELECT balance::text AS balance FROM ledger_accounts WHERE key = ${accounts[0]!.key}`,
    );
    return { locked: BigInt(locked!.balance), again: BigInt(again!.balance), debitedYet: debited };
  });
  expect(seenWhileLocked).toEqual({ locked: 10n * M, again: 10n * M, debitedYet: false });
  await debit;
  expect(await userAccountBalance(db, userId, 'available')).toBe(6n * M);
  expect((await reconcile(db)).isBalanced).toBe(true);
});
