import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../http/app-error.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findJournal, reconcile, userAccountBalance, userBalances, userPostings } from './ledger.reads.js';
import { accountsToLock, type JournalInput, PLATFORM_SHARDS, postJournal, postJournals } from './ledger.service.js';
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

describe('postJournals (a batch in one call)', () => {
  const journalCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerJournals))[0]!.n;
  const postBatch = (inputs: JournalInput[]) => transact(db, (tx) => postJournals(tx, inputs));
  function transfer(from: number, to: number, amount: bigint, idempotencyKey = key('transfer')): JournalInput {
    return {
      kind: 'adjustment',
      idempotencyKey,
      reference: { type: 'test', id: keySeq },
      postings: [
        { account: { userId: from, kind: 'available' }, amount: -amount },
        { account: { userId: to, kind: 'available' }, amount },
      ],
    };
  }

  test('posts every journal balanced, in batch order, with the balance after each posting', async () => {
    const batch = [deposit(20, 10n * M), freeze(20, 4n * M), deposit(21, 3n * M), transfer(20, 21, 6n * M)];
    const before = await journalCount();
    const posted = await postBatch(batch);
    expect(posted.map((p) => p.isReplay)).toEqual([false, false, false, false]);
    expect(new Set(posted.map((p) => p.journalId)).size).toBe(4);
    expect(await journalCount()).toBe(before + 4);
    expect(await userBalances(db, 20)).toMatchObject({ available: '0', frozen: '4', total: '4' });
    expect(await userBalances(db, 21)).toMatchObject({ available: '9', total: '9' });
    const { list } = await userPostings(db, 20, {}, { page: 1, pageSize: 10 });
    expect(list.map((e) => [e.kind, e.account, e.amount, e.balanceAfter])).toEqual([
      ['adjustment', 'available', '-6', '0'],
      ['withdrawal_request', 'frozen', '4', '4'],
      ['withdrawal_request', 'available', '-4', '6'],
      ['deposit', 'available', '10', '10'],
    ]);
    // Each journal of the batch sums to zero on its own.
    const sums = await db
      .select({ journalId: ledgerPostings.journalId, total: sql<string>`sum(${ledgerPostings.amount})::text` })
      .from(ledgerPostings)
      .where(
        sql`${ledgerPostings.journalId} IN (${sql.join(
          posted.map((p) => sql`${p.journalId}`),
          sql`, `,
        )})`,
      )
      .groupBy(ledgerPostings.journalId);
    expect(sums.map((r) => r.total)).toEqual(['0', '0', '0', '0']);
    expect((await reconcile(db)).isBalanced).toBe(true);
  });

  test('a repeated batch moves nothing; a batch mixing old and new keys posts only the new', async () => {
    const batch = [deposit(22, 5n * M), deposit(23, 7n * M)];
    const first = await postBatch(batch);
    const again = await postBatch(batch);
    expect(again).toEqual(first.map((p) => ({ journalId: p.journalId, isReplay: true })));
    const mixed = await postBatch([deposit(22, 1n * M), batch[1]!]);
    expect(mixed.map((p) => p.isReplay)).toEqual([false, true]);
    expect(mixed[1]!.journalId).toBe(first[1]!.journalId);
    // A key posted alone before is a replay in a batch too, and the other way round.
    const single = deposit(22, 2n * M);
    await post(single);
    expect((await postBatch([single]))[0]!.isReplay).toBe(true);
    expect(await userAccountBalance(db, 22, 'available')).toBe(8n * M);
    expect(await userAccountBalance(db, 23, 'available')).toBe(7n * M);
    expect((await reconcile(db)).isBalanced).toBe(true);
  });

  test('a user balance below zero at any point refuses the whole batch: nothing moves', async () => {
    await post(deposit(24, 3n * M));
    const before = await journalCount();
    const postingsBefore = (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings))[0]!.n;
    // Would end at 3 - 10 + 5 < 0 …
    await expect(postBatch([deposit(25, 5n * M), freeze(24, 10n * M), deposit(24, 5n * M)])).rejects.toMatchObject({
      errorName: 'insufficient_balance',
    });
    // … and this one ends at 3 but passes through -7 on the way, as journal-by-journal posting would refuse.
    await expect(postBatch([freeze(24, 10n * M), deposit(24, 10n * M)])).rejects.toMatchObject({
      errorName: 'insufficient_balance',
    });
    expect(await journalCount()).toBe(before);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings))[0]!.n).toBe(postingsBefore);
    expect(await userAccountBalance(db, 24, 'available')).toBe(3n * M);
    expect(await userAccountBalance(db, 25, 'available')).toBe(0n);
    // The same journals in an order that never goes below zero are fine.
    await postBatch([deposit(24, 10n * M), freeze(24, 10n * M)]);
    expect(await userBalances(db, 24)).toMatchObject({ available: '3', frozen: '10' });
    expect((await reconcile(db)).isBalanced).toBe(true);
  });

  test('programmer errors are assertions: a key twice in a batch, an unbalanced journal, a batch too large', async () => {
    const k = key('twice');
    await expect(postBatch([deposit(26, M, k), deposit(26, M, k)])).rejects.toThrow(/twice/);
    const base = deposit(26, M);
    await expect(
      postBatch([deposit(26, M), { ...base, postings: [base.postings[0]!, { ...base.postings[1]!, amount: 2n * M }] }]),
    ).rejects.toThrow(/does not balance/);
    await expect(postBatch(Array.from({ length: 1_001 }, () => deposit(26, M)))).rejects.toThrow(/too large/);
    // The database function checks the balance too, whoever calls it.
    const unbalanced = [
      {
        kind: 'deposit',
        reference_type: 'test',
        reference_id: '1',
        idempotency_key: key('raw'),
        memo: null,
        admin_id: null,
        postings: [{ key: 'user:26:available:USDT', user_id: 26, kind: 'available', currency: 'USDT', amount: '5' }],
      },
    ];
    await expect(
      db.execute(sql`SELECT * FROM ledger_post_batch(${JSON.stringify(unbalanced)}::jsonb)`),
    ).rejects.toThrow();
    expect(await userAccountBalance(db, 26, 'available')).toBe(0n);
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

describe('ledger_lock_accounts: the balances a caller decides on before it posts', () => {
  const lockAndRead = (accounts: ReturnType<typeof accountsToLock>) =>
    transact(db, async (tx) => {
      const rows = await queryRows<{ key: string; balance: string }>(
        tx,
        sql`SELECT key, balance::text AS balance FROM ledger_lock_accounts(${JSON.stringify(accounts)}::jsonb)`,
      );
      return new Map(rows.map((r) => [r.key, BigInt(r.balance)]));
    });

  test('answers the balances of the very accounts a journal with that key posts to, creating missing ones at 0', async () => {
    const userId = 7_301;
    const journalKey = key('lock');
    const posted = {
      kind: 'order_stake' as const,
      idempotencyKey: journalKey,
      reference: { type: 'test', id: 1 },
      postings: [
        { account: { userId, kind: 'available' as const }, amount: -12n * M },
        { account: { platform: 'fees' as const }, amount: 12n * M },
      ],
    };
    await transact(db, (tx) => postJournals(tx, [deposit(userId, 50n * M)]));
    await transact(db, (tx) => postJournals(tx, [posted]));
    const accounts = accountsToLock(journalKey, [
      { userId, kind: 'available' },
      { userId, kind: 'trading' },
      { platform: 'fees' },
    ]);
    const balances = await lockAndRead(accounts);
    expect(balances.get(accounts[0]!.key)).toBe(38n * M);
    expect(balances.get(accounts[0]!.key)).toBe(await userAccountBalance(db, userId, 'available'));
    // Never posted to: created by the call, at zero.
    expect(balances.get(accounts[1]!.key)).toBe(0n);
    // The platform account on the journal's own shard: the one the fee went to.
    const [fees] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, accounts[2]!.key));
    expect(balances.get(accounts[2]!.key)).toBe(fees!.balance);
    expect(fees!.balance).toBeGreaterThanOrEqual(12n * M);
    expect((await reconcile(db)).isBalanced).toBe(true);
  });
});

describe('platformShard: the row of a platform account a caller chooses', () => {
  const feeShardBalance = async (shard: number) => {
    const [row] = await db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, `platform:fees:USDT:${shard}`));
    return row?.balance ?? 0n;
  };

  test('every journal of a batch posts to the chosen shard, and the lock names that row too', async () => {
    const userId = 7_401;
    await transact(db, (tx) => postJournals(tx, [deposit(userId, 100n * M)]));
    const fee = (i: number): JournalInput => ({
      kind: 'order_stake',
      idempotencyKey: key(`shard-${i}`),
      reference: { type: 'test', id: i },
      platformShard: 5,
      postings: [
        { account: { userId, kind: 'available' }, amount: -M },
        { account: { platform: 'fees' }, amount: M },
      ],
    });
    const before = await Promise.all(Array.from({ length: PLATFORM_SHARDS }, (_, s) => feeShardBalance(s)));
    // Ten keys would fall on several shards by their hash; all ten go to shard 5.
    await transact(db, (tx) =>
      postJournals(
        tx,
        Array.from({ length: 10 }, (_, i) => fee(i)),
      ),
    );
    const after = await Promise.all(Array.from({ length: PLATFORM_SHARDS }, (_, s) => feeShardBalance(s)));
    expect(after.map((b, s) => b - before[s]!)).toEqual([0n, 0n, 0n, 0n, 0n, 10n * M, 0n, 0n]);
    expect(accountsToLock('any-key', [{ platform: 'fees' }], 5)[0]!.key).toBe('platform:fees:USDT:5');
    expect((await reconcile(db)).isBalanced).toBe(true);
  });

  test('a shard that does not exist is a programmer error: nothing moves', async () => {
    const userId = 7_402;
    await transact(db, (tx) => postJournals(tx, [deposit(userId, 10n * M)]));
    for (const platformShard of [-1, PLATFORM_SHARDS, 1.5]) {
      const journal: JournalInput = {
        kind: 'order_stake',
        idempotencyKey: key('bad-shard'),
        reference: { type: 'test', id: 1 },
        platformShard,
        postings: [
          { account: { userId, kind: 'available' }, amount: -M },
          { account: { platform: 'fees' }, amount: M },
        ],
      };
      await expect(transact(db, (tx) => postJournals(tx, [journal]))).rejects.toThrow(/no platform shard/);
      expect(() => accountsToLock('k', [{ platform: 'fees' }], platformShard)).toThrow(/no platform shard/);
    }
    expect(await userAccountBalance(db, userId, 'available')).toBe(10n * M);
  });
});

describe('findJournal', () => {
  test('answers the journal with that id and its postings; an unknown id answers nothing', async () => {
    const userId = 7_302;
    const [first] = await transact(db, (tx) => postJournals(tx, [deposit(userId, 3n * M)]));
    // A newer journal of the same user must not be answered instead.
    await transact(db, (tx) => postJournals(tx, [deposit(userId, 4n * M)]));
    const journal = await findJournal(db, first!.journalId);
    expect(journal?.id).toBe(String(first!.journalId));
    expect(journal?.postings.map((p) => p.amount).sort()).toEqual(['-3', '3']);
    expect(await findJournal(db, 999_999_999)).toBeUndefined();
  });
});
