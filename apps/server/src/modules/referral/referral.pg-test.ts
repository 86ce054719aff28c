import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { orders } from '../orders/orders.tables.js';
import { SettlementWorker } from '../orders/settlement-worker.js';
import { users } from '../users/users.tables.js';
import {
  cashbackJournalsOf,
  dueOrders,
  invitedUser,
  putReferralTable,
  risingTicks,
  steepTable,
} from './referral.test-support.js';

/** Referral under concurrency on a real PostgreSQL: parallel confirmations and two settlement workers. */
let t: TestApp;
let db: Db;
let finance: string;
let content: string;
const quiet = { error: () => {} };
const T0 = Math.floor(Date.now() / 1000) * 1000 - 900_000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  finance = (await adminWithRole(t, 'finance')).token;
  content = (await adminWithRole(t, 'content')).token;
  await risingTicks(db, 'ETHUSDT', T0, 300);
}, 90_000);
afterAll(async () => t.close());

test("deposits of four invitees confirmed at once all count toward the inviter's level", async () => {
  await putReferralTable(t, content, steepTable());
  const inviter = await invitedUser(t);
  const invitees = await Promise.all(Array.from({ length: 4 }, () => invitedUser(t, inviter)));
  const submitted = await Promise.all(
    invitees.map((u) =>
      call(t.app, 'POST', '/api/wallet/submit', { method: 'bank', amount: '100' }, { token: u.token }),
    ),
  );
  const confirmed = await Promise.all(
    submitted.map((s) => call(t.app, 'POST', `/api/admin/deposits/${s.data.id}/confirm`, {}, { token: finance })),
  );
  expect(confirmed.map((c) => c.code)).toEqual([0, 0, 0, 0]);
  const [row] = await db.select({ level: users.level }).from(users).where(eq(users.id, inviter.userId));
  expect(row!.level).toBe(5); // thresholds 0..8: four qualified invitees
});

test('two settlement workers on the same invitees pay each cashback exactly once', async () => {
  await putReferralTable(t, content, steepTable());
  const inviters = [await invitedUser(t), await invitedUser(t)];
  const invitees = await Promise.all(inviters.flatMap((a) => [invitedUser(t, a), invitedUser(t, a)]));
  const fee = 1_000_001n;
  const ids: number[] = [];
  for (const [n, u] of invitees.entries()) {
    ids.push(
      ...(await dueOrders(
        db,
        u.userId,
        Array.from({ length: 50 }, (_, i) => ({ fee, acceptedAt: new Date(T0 + (n * 50 + i) * 1_000 + 500) })),
        'ETHUSDT',
      )),
    );
  }
  // Small batches, so that the two workers interleave across many of them.
  const workers = [
    new SettlementWorker(db, quiet, { batchMax: 16 }),
    new SettlementWorker(db, quiet, { batchMax: 16 }),
  ];
  const counts = await Promise.all(workers.map((w) => w.runOnce()));
  expect(counts[0]! + counts[1]!).toBe(200);
  expect(await workers[0]!.runOnce()).toBe(0);
  const settled = await db.select().from(orders).where(inArray(orders.id, ids));
  expect(settled.every((o) => o.status === 'won')).toBe(true);
  for (const id of ids) expect(await cashbackJournalsOf(db, id)).toHaveLength(1);
  // Each inviter: level 1 (no invitee deposited), 100 bp of 100 fees of 1.000001 USDT, each rounded down.
  for (const a of inviters) {
    expect(await userAccountBalance(db, a.userId, 'available')).toBe(100n * ((fee * 100n) / 10_000n));
  }
  expect(await reconcile(db)).toMatchObject({ isBalanced: true, postingsSum: { USDT: '0' } });
});
