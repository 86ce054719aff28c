// Ledger throughput on PostgreSQL: journals per second (two postings each, 8 concurrent clients,
// many accounts) beside pgbench's TPC-B-like TPS with 8 clients on the same server, same run.
import { execFileSync } from 'node:child_process';
import { hasPgbench, pgbenchTps, root, writeResult } from './lib.mjs';

const CLIENTS = 8;
const DURATION_S = 10;
const ACCOUNTS = 2_000;
const GOAL_RATIO = 0.5;

export async function benchLedger(url) {
  if (!hasPgbench()) {
    console.log('ledger benchmark skipped: pgbench not installed');
    return null;
  }
  const pgbench = pgbenchTps(url, { clients: CLIENTS, durationS: DURATION_S });
  // The journal loop runs the TypeScript service itself (through tsx), on a fresh schema.
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/ledger-load.ts'], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_DATABASE_URL: url,
      CLIENTS: String(CLIENTS),
      DURATION_S: String(DURATION_S),
      ACCOUNTS: String(ACCOUNTS),
    },
  }).toString();
  const ledger = JSON.parse(out.trim().split('\n').pop());
  const ratio = +(ledger.journalsPerSecond / pgbench).toFixed(3);
  const result = {
    clients: CLIENTS,
    durationS: DURATION_S,
    accounts: ACCOUNTS,
    pgbenchTps: Math.round(pgbench),
    ...ledger,
    ratio,
    goal: GOAL_RATIO,
  };
  console.log(
    `ledger: ${ledger.journalsPerSecond} journals/s vs pgbench ${Math.round(pgbench)} TPS → ratio ${ratio} (goal ≥ ${GOAL_RATIO}); reconciled: ${ledger.isBalanced}`,
  );
  writeResult('ledger-postgres', result);
  return result;
}
