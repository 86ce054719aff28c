// Runs by bench/ledger.mjs: CLIENTS loops posting deposit journals to random user accounts for DURATION_S.
import { openDatabase } from '../apps/server/src/db/client.js';
import { reconcile } from '../apps/server/src/modules/ledger/ledger.reads.js';
import { postJournal, transact } from '../apps/server/src/modules/ledger/ledger.service.js';

const url = process.env.BENCH_DATABASE_URL!;
const clients = Number(process.env.CLIENTS);
const durationMs = Number(process.env.DURATION_S) * 1000;
const accounts = Number(process.env.ACCOUNTS);

const database = await openDatabase({ url, poolSize: clients });
let posted = 0;
let sequence = 0;
const latencies: number[] = [];
const until = Date.now() + durationMs;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() < until) {
      const n = ++sequence;
      const userId = 1 + Math.floor(Math.random() * accounts);
      const started = performance.now();
      await transact(database.db, (tx) =>
        postJournal(tx, {
          kind: 'deposit',
          idempotencyKey: `bench:${process.pid}:${n}`,
          reference: { type: 'bench', id: n },
          postings: [
            { account: { platform: 'deposits' }, amount: -1_000_000n },
            { account: { userId, kind: 'available' }, amount: 1_000_000n },
          ],
        }),
      );
      latencies.push(performance.now() - started);
      posted++;
    }
  }),
);
latencies.sort((a, b) => a - b);
const report = await reconcile(database.db);
await database.close();
process.stdout.write(
  `${JSON.stringify({
    journalsPerSecond: Math.round(posted / (durationMs / 1000)),
    journals: posted,
    latencyMsP50: +latencies[Math.floor(latencies.length * 0.5)]!.toFixed(2),
    latencyMsP99: +latencies[Math.floor(latencies.length * 0.99)]!.toFixed(2),
    isBalanced: report.isBalanced,
  })}\n`,
);
