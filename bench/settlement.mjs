// Settlement on PostgreSQL: 10 000 orders ending in the same second, settled by our server as it
// runs in production (one process, ROLE=all: price engine and settlement worker); lateness of each
// order (settledAt − endTime) beside pgbench's TPC-B-like TPS on the same server, same run.
// Uses a database of its own, created here and dropped after.
import { spawn } from 'node:child_process';
import {
  createFreshDatabase,
  databaseUrl,
  dropDatabase,
  hasPgbench,
  pgbenchTps,
  root,
  startOurServer,
  stopProcess,
  writeResult,
} from './lib.mjs';

const ORDERS = 10_000;
const USERS = 2_000;
const DATABASE_NAME = 'vela_bench_settlement';
const GOAL_LATENESS_MS_P99 = 2_000;

export async function benchSettlement(baseUrl) {
  if (!hasPgbench()) {
    console.log('settlement benchmark skipped: pgbench not installed');
    return null;
  }
  const url = databaseUrl(baseUrl, DATABASE_NAME);
  if (!(await createFreshDatabase(url))) return null;
  let server = null;
  try {
    const pgbench = pgbenchTps(url, { clients: 8, durationS: 10 });
    server = await startOurServer({ DATABASE_URL: url });
    // Not execFileSync: this process must keep reading the server's output meanwhile (a full pipe
    // would stall the server's writes, and with them its event loop).
    const out = await runLoad({ BENCH_DATABASE_URL: url, ORDERS: String(ORDERS), USERS: String(USERS) });
    const settlement = JSON.parse(out.trim().split('\n').pop());
    const failures = server
      .output()
      .split('\n')
      .filter((line) => /settlement (failed|refused)|order push failed|queue full/.test(line));
    const isComplete =
      settlement.settled === ORDERS &&
      settlement.settlementJournals === ORDERS &&
      settlement.resultsNotMatchingRule === 0 &&
      settlement.isBalanced;
    const result = {
      pgbenchTps: Math.round(pgbench),
      ...settlement,
      workerErrors: failures.length,
      isComplete,
      goalLatenessMsP99: GOAL_LATENESS_MS_P99,
      meetsGoal: isComplete && settlement.latenessMsP99 <= GOAL_LATENESS_MS_P99,
    };
    console.log(
      `settlement: ${settlement.settled}/${ORDERS} orders ending in one second settled; lateness p50 ${settlement.latenessMsP50} ms, p99 ${settlement.latenessMsP99} ms (goal ≤ ${GOAL_LATENESS_MS_P99}), max ${settlement.latenessMsMax} ms; first to last ${settlement.firstToLastSettledMs} ms; pgbench ${Math.round(pgbench)} TPS; by the rule: ${settlement.resultsNotMatchingRule === 0}; reconciled: ${settlement.isBalanced}`,
    );
    writeResult('settlement-postgres', result);
    if (!isComplete)
      throw new Error('settlement benchmark: not every order settled once by the rule with the books balanced');
    return result;
  } finally {
    if (server) await stopProcess(server.child);
    await dropDatabase(url);
  }
}

function runLoad(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/settlement-load.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`settlement-load exited with ${code}`))));
  });
}
