import { and, eq, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Db, openDatabase } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { seedProducts } from '../markets/markets.service.js';
import { ticks } from '../markets/markets.tables.js';
import { ensureExposureRows } from './exposure.js';
import { OrderPlacer, type PlacementOutcome } from './order-placer.js';
import { orderExposure, orders } from './orders.tables.js';
import { fundUsers, insertOpenOrders } from './orders.test-support.js';
import type { PlacementRequest } from './placement-decision.js';
import { SettlementWorker } from './settlement-worker.js';

/**
 * The order placer's concurrency on a real PostgreSQL: two batches in flight (the second goes while
 * the first waits at its write), the exposure guard when another batch moved the exposure, and the
 * lock order placement shares with settlement (ledger accounts, then exposure rows: no deadlock).
 */
let t: TestApp;
let db: Db;
const M = 1_000_000n;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await seedProducts(db);
}, 60_000);
afterAll(async () => t.close());

async function freshTick(symbol: string) {
  const [latest] = await db
    .select({ time: max(ticks.time) })
    .from(ticks)
    .where(eq(ticks.symbol, symbol));
  const now = Date.now();
  if (!latest?.time || latest.time.getTime() < now - 1000) {
    await db
      .insert(ticks)
      .values({ symbol, time: new Date(now), price: 300_000n })
      .onConflictDoNothing();
  }
}

let keys = 0;
function placement(
  userId: number,
  symbol: string,
  direction: 'up' | 'down',
  amount: bigint,
  maxExposure = 1_000_000_000n * M,
): PlacementRequest {
  return {
    userId,
    requestKey: `placer-pg-${++keys}`,
    requestHash: null,
    order: { symbol, direction, period: 30, amount },
    limits: { maxStakePerOrder: 100_000n * M, maxOpenOrders: 1000, maxExposure },
  };
}

const kindOf = (o: PlacementOutcome) => (o.kind === 'refuse' ? o.refusal : o.kind);

/** A transaction on a connection of its own holding one product side's exposure row. */
async function holdExposureRow(symbol: string, direction: 'up' | 'down') {
  const client = await t.database.pool!.connect();
  await client.query('BEGIN');
  await client.query(
    `SELECT 1 FROM order_exposure WHERE symbol = $1 AND direction = $2 AND account = 'real' FOR UPDATE`,
    [symbol, direction],
  );
  let isEnded = false;
  return {
    client,
    async end() {
      if (isEnded) return;
      isEnded = true;
      await client.query('COMMIT');
      client.release();
    },
  };
}

/** Some statement of this database waits for a lock (the batch's write, on the held exposure row). */
async function someoneWaitsForALock(): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH req AS%'`,
  );
  return row!.n > 0;
}

test("a second batch goes while the first waits at its write; a user's next order waits for the first", async () => {
  const placer = new OrderPlacer(db);
  const [first, other] = [61_001, 61_002];
  await fundUsers(db, [first, other], 100n * M, 'placer-pg-a');
  await ensureExposureRows(db, [{ symbol: 'ETHUSDT', direction: 'up', account: 'real' }]);
  await freshTick('ETHUSDT');
  await freshTick('BTCUSDT');

  const holder = await holdExposureRow('ETHUSDT', 'up');
  const answered: string[] = [];
  const track = (name: string, p: Promise<PlacementOutcome>) =>
    p.then((o) => {
      answered.push(name);
      return o;
    });
  try {
    const a = track('a', placer.place(placement(first, 'ETHUSDT', 'up', 30n * M)));
    // Batch A has decided and waits at its write for the held exposure row.
    await waitUntil(someoneWaitsForALock, 'batch A waiting at its write');
    const aAgain = track('a2', placer.place(placement(first, 'BTCUSDT', 'up', 30n * M)));
    const b = track('b', placer.place(placement(other, 'BTCUSDT', 'up', 30n * M)));
    // B (another user, another product side) is placed while A still waits: two batches in flight.
    expect(kindOf(await b)).toBe('placed');
    expect(answered).toEqual(['b']);
    // The same user's next order is not in B: it waits for A, whatever side it is on. (After B's
    // answer the placer looks for the next batch within two turns of the event loop.)
    for (let turn = 0; turn < 3; turn++) await new Promise((r) => setImmediate(r));
    expect(answered).toEqual(['b']);
    expect(placer.batchesInFlight).toBe(1);
    await holder.end();
    const [placedA, placedA2] = await Promise.all([a, aAgain]);
    expect(answered).toEqual(['b', 'a', 'a2']);
    expect([kindOf(placedA), kindOf(placedA2)]).toEqual(['placed', 'placed']);
    // The second saw the first's stake and fee gone.
    if (placedA.kind !== 'placed' || placedA2.kind !== 'placed') throw new Error('not placed');
    expect(placedA.row.balanceAfter).toBe(100n * M - 30n * M - placedA.row.fee);
    expect(placedA2.row.balanceAfter).toBe(placedA.row.balanceAfter! - 30n * M - placedA2.row.fee);
    expect(await userAccountBalance(db, first, 'available')).toBe(placedA2.row.balanceAfter);
  } finally {
    await holder.end();
  }
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('exposure moved past the limit while a batch waited: the batch goes again with the rows locked, and refuses', async () => {
  const placer = new OrderPlacer(db);
  const userId = 62_001;
  await fundUsers(db, [userId], 100n * M, 'placer-pg-b');
  await ensureExposureRows(db, [{ symbol: 'ETHUSDT', direction: 'down', account: 'real' }]);
  await freshTick('ETHUSDT');
  const side = and(
    eq(orderExposure.symbol, 'ETHUSDT'),
    eq(orderExposure.direction, 'down'),
    eq(orderExposure.account, 'real'),
  );
  const exposureNow = async () => (await db.select().from(orderExposure).where(side!))[0]!.openAmount;
  const before = await exposureNow();

  // 30 fits under a limit of before + 50, as the snapshot reads it; then another batch places 40.
  const holder = await holdExposureRow('ETHUSDT', 'down');
  const placed = placer.place(placement(userId, 'ETHUSDT', 'down', 30n * M, before + 50n * M));
  await waitUntil(someoneWaitsForALock, 'the batch waiting at its write');
  await holder.client.query(
    `UPDATE order_exposure SET open_amount = open_amount + $1 WHERE symbol = 'ETHUSDT' AND direction = 'down' AND account = 'real'`,
    [String(40n * M)],
  );
  await holder.end();

  expect(kindOf(await placed)).toBe('exposure_limit_reached');
  expect(await exposureNow()).toBe(before + 40n * M);
  expect(await userAccountBalance(db, userId, 'available')).toBe(100n * M);
  expect(await db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(0);
  // Put back what the stand-in batch added (no order stands behind it).
  await db.execute(
    sql`UPDATE order_exposure SET open_amount = open_amount - ${String(40n * M)}::bigint
      WHERE symbol = 'ETHUSDT' AND direction = 'down' AND account = 'real'`,
  );

  // The same with room left after the move: placed, and the exposure counts both.
  const holder2 = await holdExposureRow('ETHUSDT', 'down');
  const fits = placer.place(placement(userId, 'ETHUSDT', 'down', 30n * M, before + 100n * M));
  await waitUntil(someoneWaitsForALock, 'the batch waiting at its write');
  await holder2.client.query(
    `UPDATE order_exposure SET open_amount = open_amount + $1 WHERE symbol = 'ETHUSDT' AND direction = 'down' AND account = 'real'`,
    [String(40n * M)],
  );
  await holder2.end();
  expect(kindOf(await fits)).toBe('placed');
  expect(await exposureNow()).toBe(before + 70n * M);
  await db.execute(
    sql`UPDATE order_exposure SET open_amount = open_amount - ${String(40n * M)}::bigint
      WHERE symbol = 'ETHUSDT' AND direction = 'down' AND account = 'real'`,
  );
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('placement and settlement racing on the same users and product sides never deadlock; the books and the exposure add up', async () => {
  const url = t.database.pool!.options.connectionString!;
  const databaseStats = async () => {
    await db.execute(sql`SELECT pg_stat_clear_snapshot()`);
    const [row] = await queryRows<{ deadlocks: string | number; sessions: string | number }>(
      db,
      sql`SELECT deadlocks, sessions FROM pg_stat_database WHERE datname = current_database()`,
    );
    return { deadlocks: Number(row!.deadlocks), sessions: Number(row!.sessions) };
  };
  const before = await databaseStats();
  const users = Array.from({ length: 12 }, (_, i) => 63_000 + i);
  await fundUsers(db, users, 100_000n * M, 'placer-pg-race');
  // A pool of its own for the race: closed at the end, its backends report their deadlocks then.
  const raceUrl = new URL(url);
  raceUrl.searchParams.set('application_name', 'placer-race');
  const race = await openDatabase({ url: raceUrl.toString(), poolSize: 8 });
  let raceBackends = 0;
  try {
    const placers = [new OrderPlacer(race.db), new OrderPlacer(race.db)];
    const workers = [
      new SettlementWorker(race.db, { error: () => {} }),
      new SettlementWorker(race.db, { error: () => {} }),
    ];
    for (let round = 0; round < 6; round++) {
      // Due orders of the same users on the same product sides, accepted long ago (no ticks in their
      // windows: each settles void, stake and fee back, exposure released).
      const acceptedAt = new Date(Date.now() - 600_000 + round * 1000);
      await insertOpenOrders(
        race.db,
        Array.from({ length: 120 }, (_, i) => ({
          userId: users[i % users.length]!,
          symbol: i % 2 ? 'ETHUSDT' : 'BTCUSDT',
          direction: i % 3 ? ('up' as const) : ('down' as const),
          amount: 2n * M,
          fee: 20_000n,
          payoutRateBp: 8500,
          period: 30,
          acceptedAt,
        })),
      );
      await freshTick('ETHUSDT');
      await freshTick('BTCUSDT');
      const placing = Promise.all(
        Array.from({ length: 48 }, (_, i) =>
          placers[i % 2]!.place(
            placement(users[i % users.length]!, i % 2 ? 'ETHUSDT' : 'BTCUSDT', i % 3 ? 'up' : 'down', 10n * M),
          ),
        ),
      );
      const [outcomes] = await Promise.all([placing, ...workers.map((w) => w.runOnce())]);
      expect(outcomes.map(kindOf).filter((k) => k !== 'placed')).toEqual([]);
    }
    // Whatever a round left due is settled now.
    while ((await workers[0]!.runOnce()) > 0) {}
  } finally {
    const [open] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'placer-race'`,
    );
    raceBackends = open!.n;
    await race.close();
  }
  // The open exposure is the sum of the open stakes, side by side.
  const sides = await queryRows<{ symbol: string; direction: string; open_amount: string; open_stakes: string }>(
    db,
    sql`SELECT e.symbol, e.direction, e.open_amount::text, coalesce((SELECT sum(o.amount) FROM orders o
        WHERE o.status = 'open' AND o.symbol = e.symbol AND o.direction = e.direction AND o.account = e.account), 0)::text AS open_stakes
      FROM order_exposure e`,
  );
  for (const s of sides) expect(s.open_amount, `${s.symbol} ${s.direction}`).toBe(s.open_stakes);
  // Each user's tallies (placed − closed) are their open orders.
  const tallies = await queryRows<{ user_id: string | number; tallied: string | number; open: string | number }>(
    db,
    sql`SELECT u.user_id, (SELECT coalesce(sum(CASE c.kind WHEN 'placed' THEN c.n ELSE -c.n END), 0) FROM order_tallies c
        WHERE c.user_id = u.user_id AND c.account = 'real') AS tallied,
        (SELECT count(*) FROM orders o WHERE o.user_id = u.user_id AND o.status = 'open' AND o.account = 'real') AS open
      FROM unnest(${`{${users.join(',')}}`}::bigint[]) AS u(user_id)`,
  );
  for (const row of tallies) expect(Number(row.tallied), `user ${row.user_id}`).toBe(Number(row.open));
  expect(tallies.reduce((sum, r) => sum + Number(r.open), 0)).toBeGreaterThan(0);
  expect((await reconcile(db)).isBalanced).toBe(true);
  // Deadlocks are retried by transact; this counts them as the server saw them. A backend reports its
  // deadlocks when it ends, in the same report that counts its session: once the database counts the
  // race's sessions as ended, their deadlocks are in.
  await waitUntil(
    async () => (await databaseStats()).sessions >= before.sessions + raceBackends,
    "the race's sessions reported as ended",
  );
  expect((await databaseStats()).deadlocks - before.deadlocks).toBe(0);
}, 120_000);
