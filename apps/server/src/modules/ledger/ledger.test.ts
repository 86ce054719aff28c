import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile, userAccountBalance, userBalances, userPostings } from './ledger.reads.js';
import { type JournalInput, postJournal, transact } from './ledger.service.js';
import { ledgerAccounts, ledgerJournals, ledgerPostings } from './ledger.tables.js';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t.close());

const M = 1_000_000n; // one USDT in minor units
let keySeq = 0;
const key = (label: string) => `${label}:${++keySeq}:${Math.random()}`;

function deposit(userId: number, amount: bigint, idempotencyKey = key('deposit')): JournalInput {
  return {
    kind: 'deposit',
    idempotencyKey,
    reference: { type: 'deposit', id: keySeq },
    postings: [
      { account: { platform: 'deposits' }, amount: -amount },
      { account: { userId, kind: 'available' }, amount },
    ],
  };
}

function freeze(userId: number, amount: bigint, idempotencyKey = key('freeze')): JournalInput {
  return {
    kind: 'withdrawal_request',
    idempotencyKey,
    reference: { type: 'withdrawal', id: keySeq },
    postings: [
      { account: { userId, kind: 'available' }, amount: -amount },
      { account: { userId, kind: 'frozen' }, amount },
    ],
  };
}

const post = (input: JournalInput) => transact(db, (tx) => postJournal(tx, input));

describe('postJournal', () => {
  test('moves money, records balance after each posting, and the books balance', async () => {
    await post(deposit(1, 100n * M));
    await post(freeze(1, 30n * M));
    expect(await userBalances(db, 1)).toMatchObject({ available: '70', frozen: '30', total: '100' });
    const { list } = await userPostings(db, 1, {}, { page: 1, pageSize: 10 });
    expect(list.map((e) => [e.kind, e.account, e.amount, e.balanceAfter])).toEqual([
      ['withdrawal_request', 'frozen', '30', '30'],
      ['withdrawal_request', 'available', '-30', '70'],
      ['deposit', 'available', '100', '100'],
    ]);
    expect((await reconcile(db)).isBalanced).toBe(true);
  });

  test('a user balance never goes below zero: the whole journal is refused', async () => {
    await post(deposit(2, 10n * M));
    const journalsBefore = (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerJournals))[0]!.n;
    await expect(post(freeze(2, 10n * M + 1n))).rejects.toThrow(AppError);
    await expect(post(freeze(2, 10n * M + 1n))).rejects.toMatchObject({ errorName: 'insufficient_balance' });
    expect(await userAccountBalance(db, 2, 'available')).toBe(10n * M);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(ledgerJournals))[0]!.n).toBe(journalsBefore);
    await post(freeze(2, 10n * M)); // exactly all of it is fine
    expect(await userAccountBalance(db, 2, 'available')).toBe(0n);
  });

  test('the same idempotency key posts once, however often it comes', async () => {
    const k = key('once');
    const first = await post(deposit(3, 5n * M, k));
    const again = await post(deposit(3, 5n * M, k));
    expect(first.isReplay).toBe(false);
    expect(again).toEqual({ journalId: first.journalId, isReplay: true });
    const parallel = await Promise.all(Array.from({ length: 10 }, () => post(deposit(3, 5n * M, k))));
    expect(parallel.every((r) => r.isReplay)).toBe(true);
    expect(await userAccountBalance(db, 3, 'available')).toBe(5n * M);
  });

  test('programmer errors are assertions: unbalanced, single-posting, zero, repeated accounts', async () => {
    const base = deposit(4, M);
    await expect(post({ ...base, postings: [base.postings[0]!] })).rejects.toThrow(/two postings/);
    await expect(
      post({ ...base, postings: [base.postings[0]!, { ...base.postings[1]!, amount: 2n * M }] }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      post({
        ...base,
        postings: [
          { account: { userId: 4, kind: 'available' }, amount: M },
          { account: { userId: 4, kind: 'available' }, amount: -M },
        ],
      }),
    ).rejects.toThrow(/twice/);
    await expect(
      post({
        ...base,
        postings: [
          { ...base.postings[0]!, amount: 0n },
          { ...base.postings[1]!, amount: 0n },
        ],
      }),
    ).rejects.toThrow(/zero/);
  });

  test('the database itself refuses a negative user balance and a zero posting', async () => {
    await post(deposit(5, M));
    await expect(
      db.update(ledgerAccounts).set({ balance: -1n }).where(eq(ledgerAccounts.key, 'user:5:available:USDT')),
    ).rejects.toThrow();
    // Platform accounts may be negative (the deposits account is, after any deposit).
    const platform = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'deposits'));
    expect(platform.reduce((sum, a) => sum + a.balance, 0n) < 0n).toBe(true);
    expect(platform.every((a) => a.userId === null && /^platform:deposits:USDT:[0-7]$/.test(a.key))).toBe(true);
  });

  test('reconciliation notices a balance edited behind the ledger’s back', async () => {
    const fresh = await createTestApp();
    try {
      const d = fresh.database.db;
      await transact(d, (tx) => postJournal(tx, deposit(9, 7n * M)));
      expect((await reconcile(d)).isBalanced).toBe(true);
      await d.execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE key = 'user:9:available:USDT'`);
      const report = await reconcile(d);
      expect(report.isBalanced).toBe(false);
      expect(report.accountsNotMatchingPostings).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('property: random operations keep the books and match a model', () => {
  test('deposits, freezes, payouts and returns for many users', async () => {
    const fresh = await createTestApp();
    const d = fresh.database.db;
    const model = new Map<string, bigint>();
    const bal = (userId: number, kind: string) => model.get(`${userId}:${kind}`) ?? 0n;
    const op = fc.record({
      type: fc.constantFrom('deposit', 'freeze', 'payout', 'return'),
      userId: fc.integer({ min: 100, max: 105 }),
      amount: fc.bigInt({ min: 1n, max: 50n * M }),
    });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
          for (const o of ops) {
            const [from, to] = {
              deposit: [null, 'available'],
              freeze: ['available', 'frozen'],
              payout: ['frozen', null],
              return: ['frozen', 'available'],
            }[o.type] as [string | null, string | null];
            const postings = [
              from
                ? { account: { userId: o.userId, kind: from as 'available' }, amount: -o.amount }
                : { account: { platform: 'deposits' as const }, amount: -o.amount },
              to
                ? { account: { userId: o.userId, kind: to as 'available' }, amount: o.amount }
                : { account: { platform: 'withdrawals' as const }, amount: o.amount },
            ];
            const expectOk = from === null || bal(o.userId, from) >= o.amount;
            const attempt = transact(d, (tx) =>
              postJournal(tx, {
                kind: 'adjustment',
                idempotencyKey: key('p'),
                reference: { type: 'test', id: 1 },
                postings,
              }),
            );
            if (expectOk) {
              await attempt;
              if (from) model.set(`${o.userId}:${from}`, bal(o.userId, from) - o.amount);
              if (to) model.set(`${o.userId}:${to}`, bal(o.userId, to) + o.amount);
            } else {
              await expect(attempt).rejects.toMatchObject({ errorName: 'insufficient_balance' });
            }
          }
          const report = await reconcile(d);
          expect(report.isBalanced).toBe(true);
          for (let userId = 100; userId <= 105; userId++) {
            expect(await userAccountBalance(d, userId, 'available')).toBe(bal(userId, 'available'));
            expect(await userAccountBalance(d, userId, 'frozen')).toBe(bal(userId, 'frozen'));
          }
        }),
        { numRuns: 15 },
      );
      // Every posting's balance_after chains from the previous one on the same account.
      const chains = await d.select().from(ledgerPostings).orderBy(ledgerPostings.accountId, ledgerPostings.id);
      let last = new Map<number, bigint>();
      for (const p of chains) {
        expect(p.balanceAfter).toBe((last.get(p.accountId) ?? 0n) + p.amount);
        last = last.set(p.accountId, p.balanceAfter);
      }
    } finally {
      await fresh.close();
    }
  });
});
