import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { orders } from './orders.tables.js';
import { fundUsers, insertOpenOrders } from './orders.test-support.js';
import { sweepMissedEntries } from './settling.js';

/**
 * The settlement worker's sweep of orders left without their entry (settling.ts sweepMissedEntries)
 * reads only the orders accepted since its last pass, and recording an entry changes no index.
 */
let t: TestApp;
let db: Db;
const M = 1_000_000n;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
}, 60_000);
afterAll(async () => t.close());

test('a pass answers how far it checked; what it left (past its batch) holds the next pass back to it', async () => {
  const users = [71_001, 71_002, 71_003, 71_004];
  await fundUsers(db, users, 100n * M, 'sweep');
  const base = Date.now() - 120_000;
  // Four orders left without their entry, a second apart, on a product without ticks: each is void.
  const ids = await insertOpenOrders(
    db,
    users.map((userId, i) => ({
      userId,
      symbol: 'SWEEP1',
      direction: 'up' as const,
      amount: 10n * M,
      fee: 100_000n,
      payoutRateBp: 8500,
      period: 300,
      acceptedAt: new Date(base + i * 1000),
    })),
  );
  const now = new Date(base + 60_000);
  // Past the first order only: it is not read again.
  const first = await sweepMissedEntries(db, { now, limit: 2, acceptedAfter: new Date(base) });
  expect(first.rows.map((r) => r.id)).toEqual([ids[1], ids[2]]);
  expect(first.rows.every((r) => r.status === 'void')).toBe(true);
  // The fourth was beyond the batch: the next pass starts just before it.
  expect(first.checkedUpTo).toEqual(new Date(base + 3 * 1000 - 1));
  const second = await sweepMissedEntries(db, { now, limit: 2, acceptedAfter: first.checkedUpTo });
  expect(second.rows.map((r) => r.id)).toEqual([ids[3]]);
  // Nothing left: checked up to the deadline of orders accepted by `now`.
  expect(second.checkedUpTo).toEqual(new Date(now.getTime() - 6_000));
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  expect(rows.map((r) => [r.id, r.status])).toEqual(ids.map((id, i) => [id, i === 0 ? 'open' : 'void']));
  // A pass over everything finds the first.
  const all = await sweepMissedEntries(db, { now, acceptedAfter: null });
  expect(all.rows.map((r) => r.id)).toEqual([ids[0]]);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('recording an entry changes no index of orders (a HOT update), and its pages keep room for it (fillfactor 50)', async () => {
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'orders'`,
  );
  expect(indexes.length).toBeGreaterThan(3);
  for (const index of indexes) expect(index.indexdef, index.indexname).not.toMatch(/entry_(time|price)/);
  const [table] = await queryRows<{ reloptions: string[] | string | null }>(
    db,
    sql`SELECT reloptions FROM pg_class WHERE relname = 'orders' AND relkind = 'r'`,
  );
  expect(String(table!.reloptions)).toMatch(/fillfactor=50/);
});
