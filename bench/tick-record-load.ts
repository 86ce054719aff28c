// Runs by bench/tick-record.mjs: the cost of recording ticks (issue 13: every tick joins its
// symbol's hash chain in the database). On a database of its own (PGlite in a fresh folder, or
// PostgreSQL at BENCH_DATABASE_URL), STEPS seconds of:
//   - the engine's whole step (ticks for every product, then every interval's candle);
//   - the engine's tick statement alone (one row per product), interleaved with the same insert
//     into a plain table of the same shape without triggers: the yardstick, same run, same noise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { MarketEngine } from '../apps/server/src/modules/markets/engine.js';
import { backfillHistory, seedProducts } from '../apps/server/src/modules/markets/markets.service.js';
import { products, ticks } from '../apps/server/src/modules/markets/markets.tables.js';

const STEPS = Number(process.env.STEPS ?? 600);
const url = process.env.BENCH_DATABASE_URL;
const dir = url ? null : mkdtempSync(path.join(tmpdir(), 'vela-tick-bench-'));
const database = await openDatabase(url ? { url, poolSize: 4 } : { dataDir: dir! });
const quiet = { info: () => {}, error: (e: unknown) => process.stderr.write(`${String(e)}\n`) };

function stats(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3));
  return { mean: Number((list.reduce((a, b) => a + b, 0) / list.length).toFixed(3)), p50: at(0.5), p99: at(0.99) };
}

try {
  const db = database.db;
  await seedProducts(db);
  const startSeconds = Math.floor(Date.now() / 1000) - 2 * STEPS - 10;
  await backfillHistory(db, 'bench', startSeconds, null, 5);
  const engine = new MarketEngine(database, 'bench', quiet);
  await engine.start();
  await engine.stop(); // steps are driven here, one per simulated second
  const stepMs: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    const started = performance.now();
    await engine.step(new Date((startSeconds + i) * 1000));
    stepMs.push(performance.now() - started);
  }

  await db.execute(sql`CREATE TABLE bench_plain_ticks (symbol text NOT NULL, time timestamp(3) with time zone NOT NULL,
    price bigint NOT NULL, PRIMARY KEY (symbol, time))`);
  const symbols = (await db.select({ symbol: products.symbol }).from(products)).map((p) => p.symbol);
  const chainedMs: number[] = [];
  const plainMs: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    const time = new Date((startSeconds + STEPS + i) * 1000);
    const rows = symbols.map((symbol, k) => ({ symbol, time, price: 100_000_000n + BigInt(i + k) }));
    let started = performance.now();
    await db.insert(ticks).values(rows).onConflictDoNothing();
    chainedMs.push(performance.now() - started);
    const values = sql.join(
      rows.map((r) => sql`(${r.symbol}, ${r.time.toISOString()}::timestamptz, ${r.price.toString()}::bigint)`),
      sql`, `,
    );
    started = performance.now();
    await db.execute(sql`INSERT INTO bench_plain_ticks (symbol, time, price) VALUES ${values} ON CONFLICT DO NOTHING`);
    plainMs.push(performance.now() - started);
  }
  const step = stats(stepMs);
  const chained = stats(chainedMs);
  const plain = stats(plainMs);
  process.stdout.write(
    `${JSON.stringify({
      steps: STEPS,
      products: symbols.length,
      engineStepMs: step,
      tickInsertMs: chained,
      yardstickPlainInsertMs: plain,
      tickInsertOverPlainP50: Number((chained.p50 / plain.p50).toFixed(2)),
    })}\n`,
  );
} finally {
  await database.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
