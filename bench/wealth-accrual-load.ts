// Runs by bench/wealth-accrual.mjs on a fresh database: USERS funded users, ORDERS earning locked
// deposits with one interest day due today (a tenth of them one-day products that also mature today),
// then one day's accrual timed, run again to show it pays nothing twice, and the books reconciled.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/rows.js';
import { addDays, platformDate } from '../apps/server/src/lib/platform-day.js';
import { wealthProducts } from '../apps/server/src/modules/earn/wealth.tables.js';
import { type EarningOrderSpec, insertEarningOrders } from '../apps/server/src/modules/earn/wealth.test-support.js';
import { accrueDue } from '../apps/server/src/modules/earn/wealth-accrual.js';
import { reconcile } from '../apps/server/src/modules/ledger/ledger.reads.js';
import { ledgerJournals } from '../apps/server/src/modules/ledger/ledger.tables.js';
import { fundUsers } from '../apps/server/src/modules/orders/orders.test-support.js';
import { users } from '../apps/server/src/modules/users/users.tables.js';

const url = process.env.BENCH_DATABASE_URL!;
const orderCount = Number(process.env.ORDERS);
const userCount = Number(process.env.USERS);
const M = 1_000_000n;
const TZ = 'UTC';
const log = (msg: string) => process.stderr.write(`wealth accrual bench: ${msg}\n`);

const database = await openDatabase({ url, poolSize: 4 });
const db = database.db;

const userIds: number[] = [];
for (let start = 0; start < userCount; start += 5_000) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: Math.min(5_000, userCount - start) }, (_, j) => {
        const i = start + j;
        return {
          username: `wealth${i}`,
          phone: `1370${String(i).padStart(7, '0')}`,
          // Not a usable hash: these users never sign in, they only hold money and orders.
          passwordHash: 'bench-no-login',
          inviteCode: `W${String(i).padStart(7, '0')}`,
        };
      }),
    )
    .returning({ id: users.id });
  userIds.push(...rows.map((r) => r.id));
}
await fundUsers(db, userIds, 100_000n * M, 'bench-wealth');

const products = await db
  .insert(wealthProducts)
  .values([
    {
      name: 'Bench 30',
      cycleDays: 30,
      dailyRatePpm: 400,
      minAmount: M,
      maxPerUser: 10n ** 9n * M,
      quotaTotal: 10n ** 12n * M,
    },
    {
      name: 'Bench 1',
      cycleDays: 1,
      dailyRatePpm: 700,
      minAmount: M,
      maxPerUser: 10n ** 9n * M,
      quotaTotal: 10n ** 12n * M,
    },
  ])
  .returning();
const [thirty, one] = products as [(typeof products)[number], (typeof products)[number]];
const today = platformDate(new Date(), TZ);
// Bought two days ago: the first interest day (yesterday) is due today.
const purchaseDate = addDays(today, -2);
const specs: EarningOrderSpec[] = Array.from({ length: orderCount }, (_, i) => {
  const product = i % 10 === 0 ? one : thirty;
  return {
    userId: userIds[i % userIds.length]!,
    productId: product.id,
    amount: BigInt(100 + (i % 900)) * M + BigInt(i % 997),
    cycleDays: product.cycleDays,
    dailyRatePpm: product.dailyRatePpm,
    purchaseDate,
  };
});
const insertStarted = Date.now();
await insertEarningOrders(db, specs);
log(`${orderCount} earning orders in place in ${Date.now() - insertStarted} ms`);
// A live database's tables are analysed by autovacuum as they grow; these were filled a moment ago,
// and without statistics the planner reads every due order for each batch (EXPLAIN showed a bitmap scan
// of all due rows for the claim and a sequential scan for the update, instead of the two indexes).
await db.execute(sql`ANALYZE`);

const started = process.hrtime.bigint();
const advanced = await accrueDue(db, today);
const accrualMs = Number(process.hrtime.bigint() - started) / 1e6;
log(`accrual of one day: ${advanced} orders in ${accrualMs.toFixed(0)} ms`);
const secondRunAdvanced = await accrueDue(db, today);

const counts = await queryRows<{ kind: string; n: number }>(
  db,
  sql`SELECT kind, count(*)::int AS n FROM ${ledgerJournals}
      WHERE kind IN ('wealth_interest', 'wealth_maturity') GROUP BY kind`,
);
const countOf = (kind: string) => counts.find((c) => c.kind === kind)?.n ?? 0;
const [stillEarning] = await queryRows<{ n: number }>(
  db,
  sql`SELECT count(*)::int AS n FROM wealth_orders WHERE status = 'earning' AND next_payout_date <= ${today}::date`,
);
const report = await reconcile(db);
const maturing = specs.filter((s) => s.productId === one.id).length;
await database.close();

process.stdout.write(
  `${JSON.stringify({
    orders: orderCount,
    users: userIds.length,
    maturing,
    advanced,
    interestJournals: countOf('wealth_interest'),
    maturityJournals: countOf('wealth_maturity'),
    stillDue: stillEarning!.n,
    accrualSeconds: +(accrualMs / 1000).toFixed(2),
    ordersPerSecond: Math.round(advanced / (accrualMs / 1000)),
    secondRunAdvanced,
    isBalanced: report.isBalanced,
  })}\n`,
);
