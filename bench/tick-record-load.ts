// Runs by bench/tick-record.mjs: the cost of recording ticks, as the engine does it (one multi-row
// insert a second for every product, then the candles), measured over STEPS consecutive seconds on
// a database of its own: PGlite in a fresh folder, or PostgreSQL at BENCH_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { MarketEngine } from '../apps/server/src/modules/markets/engine.js';
import { backfillHistory, seedProducts } from '../apps/server/src/modules/markets/markets.service.js';

const STEPS = Number(process.env.STEPS ?? 600);
const url = process.env.BENCH_DATABASE_URL;
const dir = url ? null : mkdtempSync(path.join(tmpdir(), 'vela-tick-bench-'));
const database = await openDatabase(url ? { url, poolSize: 4 } : { dataDir: dir! });
const quiet = { info: () => {}, error: (e: unknown) => process.stderr.write(`${String(e)}\n`) };
try {
  await seedProducts(database.db);
  const startSeconds = Math.floor(Date.now() / 1000) - STEPS - 10;
  await backfillHistory(database.db, 'bench', startSeconds, null, 5);
  const engine = new MarketEngine(database, 'bench', quiet);
  await engine.start();
  await engine.stop(); // steps are driven here, one per simulated second
  const stepMs: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    const at = new Date((startSeconds + i) * 1000);
    const started = performance.now();
    await engine.step(at);
    stepMs.push(performance.now() - started);
  }
  stepMs.sort((a, b) => a - b);
  const at = (q: number) => Number(stepMs[Math.min(stepMs.length - 1, Math.floor(q * stepMs.length))]!.toFixed(3));
  const mean = stepMs.reduce((a, b) => a + b, 0) / stepMs.length;
  process.stdout.write(
    `${JSON.stringify({ steps: STEPS, stepMsMean: Number(mean.toFixed(3)), stepMsP50: at(0.5), stepMsP99: at(0.99) })}\n`,
  );
} finally {
  await database.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
