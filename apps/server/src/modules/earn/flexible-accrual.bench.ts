/**
 * The daily flexible-earn accrual for many holders on PostgreSQL. Run by hand:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres HOLDERS=100000 \
 *     npx tsx apps/server/src/modules/earn/flexible-accrual.bench.ts
 * It creates a scratch database, one ended day row per holder, pays the day and reports the time.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../db/client.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { accrueDueDays } from './flexible-accrual.js';

const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const holders = Number(process.env.HOLDERS ?? 100_000);
const name = `vela_bench_flexible_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 4 });
try {
  // The rows a day of moves leaves behind: each holder held 1000.5 USDT all of 2034-01-01.
  await database.db.execute(
    sql`INSERT INTO flexible_days (user_id, day, opening_balance, lowest_balance, closing_balance)
        SELECT g, DATE '2034-01-01', 1000500000, 1000500000, 1000500000 FROM generate_series(1, ${holders}) g`,
  );
  const clock = { now: () => new Date('2034-01-02T00:01:00Z'), timeZone: 'UTC' };
  const startedAt = performance.now();
  const paid = await Promise.all([accrueDueDays(database.db, clock), accrueDueDays(database.db, clock)]);
  const seconds = (performance.now() - startedAt) / 1000;
  const books = await reconcile(database.db);
  process.stdout.write(
    `${holders} holders: paid ${paid[0] + paid[1]} day rows with two workers in ${seconds.toFixed(1)} s; books balance: ${books.isBalanced}\n`,
  );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
