// Tick recording (issue 13: each tick joins its symbol's SHA-256 chain, computed by the database on
// insert): the engine's step and its tick statement, beside the same insert into a plain table
// (the yardstick, interleaved in the same run), on PGlite and, when it answers, PostgreSQL.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createFreshDatabase, databaseUrl, dropDatabase, root, writeResult } from './lib.mjs';

const DATABASE_NAME = 'vela_bench_ticks';
/** The engine records a tick a second for every product: a step must stay far below a second. */
const GOAL_STEP_MS_P99 = 250;

function run(env) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/tick-record-load.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop());
}

function report(name, result) {
  console.log(
    `${name}: engine step p50 ${result.engineStepMs.p50} ms, p99 ${result.engineStepMs.p99} ms; tick insert (${result.products} products) p50 ${result.tickInsertMs.p50} ms vs plain ${result.yardstickPlainInsertMs.p50} ms (×${result.tickInsertOverPlainP50})`,
  );
  writeResult(name, { goalStepMsP99: GOAL_STEP_MS_P99, ...result });
}

export async function benchTickRecord(baseUrl) {
  report('tick-record-pglite', run({ BENCH_DATABASE_URL: '' }));
  const url = databaseUrl(baseUrl, DATABASE_NAME);
  if (!(await createFreshDatabase(url))) return;
  try {
    report('tick-record-postgres', run({ BENCH_DATABASE_URL: url }));
  } finally {
    await dropDatabase(url);
  }
}
