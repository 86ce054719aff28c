// The daily accrual of locked deposits on PostgreSQL: 100 000 earning orders due on the same
// platform date (a tenth of them maturing that day), paid by the accrual job as the server runs it
// (batches claimed with SKIP LOCKED, one ledger call per batch); the time for the whole day beside
// pgbench's TPC-B-like TPS on the same server, same run. Uses a database of its own, created here
// and dropped after.
import { spawn } from 'node:child_process';
import { createFreshDatabase, databaseUrl, dropDatabase, hasPgbench, pgbenchTps, root, writeResult } from './lib.mjs';

const ORDERS = 100_000;
const USERS = 10_000;
const DATABASE_NAME = 'vela_bench_wealth_accrual';
const GOAL_SECONDS = 60;

export async function benchWealthAccrual(baseUrl) {
  if (!hasPgbench()) {
    console.log('wealth accrual benchmark skipped: pgbench not installed');
    return null;
  }
  const url = databaseUrl(baseUrl, DATABASE_NAME);
  if (!(await createFreshDatabase(url))) return null;
  try {
    const pgbench = pgbenchTps(url, { clients: 8, durationS: 10 });
    const out = await runLoad({ BENCH_DATABASE_URL: url, ORDERS: String(ORDERS), USERS: String(USERS) });
    const accrual = JSON.parse(out.trim().split('\n').pop());
    const isComplete =
      accrual.advanced === ORDERS &&
      accrual.interestJournals === ORDERS &&
      accrual.maturityJournals === accrual.maturing &&
      accrual.secondRunAdvanced === 0 &&
      accrual.isBalanced;
    const result = {
      pgbenchTps: Math.round(pgbench),
      ...accrual,
      // Orders paid per second for each pgbench transaction per second: comparable across busy and idle runs.
      ratio: +(accrual.ordersPerSecond / pgbench).toFixed(3),
      isComplete,
      goalSeconds: GOAL_SECONDS,
      meetsGoal: isComplete && accrual.accrualSeconds <= GOAL_SECONDS,
    };
    console.log(
      `wealth accrual: ${accrual.advanced}/${ORDERS} orders paid for one day (${accrual.maturing} maturing) in ${accrual.accrualSeconds} s (goal ≤ ${GOAL_SECONDS}); ${accrual.ordersPerSecond} orders/s; pgbench ${Math.round(pgbench)} TPS; second run paid ${accrual.secondRunAdvanced}; reconciled: ${accrual.isBalanced}`,
    );
    writeResult('wealth-accrual-postgres', result);
    if (!isComplete) throw new Error('wealth accrual benchmark: not every order was paid once with the books balanced');
    return result;
  } finally {
    await dropDatabase(url);
  }
}

function runLoad(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/wealth-accrual-load.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wealth-accrual-load exited with ${code}`)),
    );
  });
}
