// Runs by bench/settlement.mjs while our server (ROLE=all: price engine + settlement worker) runs on
// the same database: ORDERS open orders, all ending in the same second, then the lateness of each
// settlement (settledAt − endTime), a check of every result against the rule, and the books.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/rows.js';
import { reconcile } from '../apps/server/src/modules/ledger/ledger.reads.js';
import { ledgerJournals } from '../apps/server/src/modules/ledger/ledger.tables.js';
import { products, ticks } from '../apps/server/src/modules/markets/markets.tables.js';
import { orders } from '../apps/server/src/modules/orders/orders.tables.js';
import {
  fundUsers,
  insertOpenOrders,
  type OpenOrderSpec,
} from '../apps/server/src/modules/orders/orders.test-support.js';
import { settle } from '../apps/server/src/modules/orders/settlement.js';
import { users } from '../apps/server/src/modules/users/users.tables.js';

const url = process.env.BENCH_DATABASE_URL!;
const orderCount = Number(process.env.ORDERS);
const userCount = Number(process.env.USERS);
const PERIOD_S = 60;
const M = 1_000_000n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (msg: string) => process.stderr.write(`settlement bench: ${msg}\n`);

const database = await openDatabase({ url, poolSize: 4 });
const db = database.db;

// The server's engine records a tick a second; orders are accepted once it does (so each has its entry).
let firstLiveMs = 0;
for (let i = 0; i < 600 && !firstLiveMs; i++) {
  const [latest] = await db.select({ time: ticks.time }).from(ticks).orderBy(sql`${ticks.time} DESC`).limit(1);
  if (latest && Date.now() - latest.time.getTime() < 2_000) firstLiveMs = latest.time.getTime();
  else await sleep(100);
}
if (!firstLiveMs) throw new Error('the server records no ticks');

const userRows = await db
  .insert(users)
  .values(
    Array.from({ length: userCount }, (_, i) => ({
      username: `bench${i}`,
      phone: `1380000${String(i).padStart(4, '0')}`,
      // Not a usable hash: these users never sign in, they only hold money and orders.
      passwordHash: 'bench-no-login',
      inviteCode: `B${String(i).padStart(7, '0')}`,
    })),
  )
  .returning({ id: users.id });
const userIds = userRows.map((u) => u.id);
// Every second user was invited by the one before: half the orders also pay their inviter's
// referral cashback in the same settlement transaction, as they would on a live platform.
const invitations = userIds.flatMap((id, k) => (k % 2 === 1 ? [{ id, inviter: userIds[k - 1] }] : []));
await db.execute(sql`UPDATE users u SET invited_by = v.inviter
  FROM jsonb_to_recordset(${JSON.stringify(invitations)}::jsonb) AS v(id bigint, inviter bigint) WHERE u.id = v.id`);
await fundUsers(db, userIds, 10_000n * M, 'bench-settlement');

const productRows = await db.select().from(products).where(eq(products.enabled, true));
const acceptSecondMs = Math.ceil((firstLiveMs + 1) / 1000) * 1000;
const endSecondMs = acceptSecondMs + PERIOD_S * 1000;
const specs: OpenOrderSpec[] = Array.from({ length: orderCount }, (_, i) => {
  const product = productRows[i % productRows.length]!;
  const amount = BigInt(10 + (i % 91)) * M;
  return {
    userId: userIds[i % userIds.length]!,
    symbol: product.symbol,
    direction: Math.floor(i / productRows.length) % 2 ? 'up' : 'down',
    amount,
    fee: (amount * BigInt(product.feeRateBp) + 9_999n) / 10_000n,
    payoutRateBp: product.periods.find((p) => p.seconds === PERIOD_S)?.payoutRateBp ?? 8500,
    period: PERIOD_S,
    // Accepted across one second, so all end within the same second.
    acceptedAt: new Date(acceptSecondMs + Math.floor((i * 997) % 1000)),
  };
});
const insertStarted = Date.now();
const ids = await insertOpenOrders(db, specs);
log(`${ids.length} orders in ${Date.now() - insertStarted} ms; they end ${endSecondMs - Date.now()} ms from now`);
if (Date.now() > endSecondMs - 2_000) throw new Error('orders were not in place well before their end');

// Wait for the worker (in the server) to settle them all; give up a minute after the end.
let open = ids.length;
while (open > 0 && Date.now() < endSecondMs + 60_000) {
  await sleep(Date.now() < endSecondMs ? Math.max(50, endSecondMs - Date.now()) : 250);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.status, 'open'), inArray(orders.id, ids)));
  open = row!.n;
}
await sleep(500);

const rows = await db.select().from(orders).where(inArray(orders.id, ids));
// Per symbol, the ticks of the whole window, for the deciding tick and to check every result by the rule.
const windowTicks = await db
  .select()
  .from(ticks)
  .where(and(gt(ticks.time, new Date(acceptSecondMs - 1)), lte(ticks.time, new Date(endSecondMs + 10_000))))
  .orderBy(asc(ticks.symbol), asc(ticks.time));
const bySymbol = new Map<string, Array<{ timeMs: number; price: bigint }>>();
for (const k of windowTicks) {
  const list = bySymbol.get(k.symbol) ?? [];
  if (list.length === 0) bySymbol.set(k.symbol, list);
  list.push({ timeMs: k.time.getTime(), price: k.price });
}
const lateness: number[] = [];
const afterDecidingTick: number[] = [];
let mismatched = 0;
for (const row of rows) {
  if (row.status === 'open' || !row.settledAt) continue;
  const symbolTicks = bySymbol.get(row.symbol) ?? [];
  const own = symbolTicks.filter((k) => k.timeMs > row.acceptedAt.getTime() && k.timeMs <= row.endTime.getTime());
  const expected = settle(
    {
      direction: row.direction,
      acceptedAtMs: row.acceptedAt.getTime(),
      endTimeMs: row.endTime.getTime(),
      amount: row.amount,
      fee: row.fee,
      payoutRateBp: row.payoutRateBp,
    },
    own,
  );
  if (expected.status !== row.status || expected.payout !== row.payout) mismatched++;
  lateness.push(row.settledAt.getTime() - row.endTime.getTime());
  const deciding = symbolTicks.find((k) => k.timeMs > row.endTime.getTime());
  if (deciding) afterDecidingTick.push(row.settledAt.getTime() - deciding.timeMs);
}
const [journals] = await queryRows<{ n: number }>(
  db,
  sql`SELECT count(*)::int AS n FROM ${ledgerJournals}
      WHERE kind IN ('order_settlement', 'order_void') AND reference_type = 'order'`,
);
const [cashback] = await queryRows<{ n: number }>(
  db,
  sql`SELECT count(*)::int AS n FROM ${ledgerJournals} WHERE kind = 'referral_cashback' AND reference_type = 'order'`,
);
const report = await reconcile(db);
await database.close();

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const settledAt = rows.filter((r) => r.settledAt).map((r) => r.settledAt!.getTime());
const statuses: Record<string, number> = {};
for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
process.stdout.write(
  `${JSON.stringify({
    orders: ids.length,
    users: userIds.length,
    symbols: productRows.length,
    settled: lateness.length,
    statuses,
    settlementJournals: journals!.n,
    referralCashbackJournals: cashback!.n,
    resultsNotMatchingRule: mismatched,
    latenessMsP50: percentile(lateness, 50),
    latenessMsP99: percentile(lateness, 99),
    latenessMsMax: percentile(lateness, 100),
    afterDecidingTickMsP50: percentile(afterDecidingTick, 50),
    afterDecidingTickMsP99: percentile(afterDecidingTick, 99),
    firstToLastSettledMs: settledAt.length ? Math.max(...settledAt) - Math.min(...settledAt) : null,
    endSecondToLastSettledMs: settledAt.length ? Math.max(...settledAt) - endSecondMs : null,
    isBalanced: report.isBalanced,
  })}\n`,
);
