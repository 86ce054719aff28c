// `npm run bench`: every benchmark with its yardstick in the same run; results in bench/results/.
import { spawnSync } from 'node:child_process';
import { benchFairPath } from './fair-path.mjs';
import { benchAccounts } from './http-accounts.mjs';
import { benchKdata } from './kdata.mjs';
import { benchLedger } from './ledger.mjs';
import { createFreshDatabase, root } from './lib.mjs';
import { benchOrderCreate } from './order-create.mjs';
import { benchSettlement } from './settlement.mjs';
import { benchTickRecord } from './tick-record.mjs';
import { benchWealthAccrual } from './wealth-accrual.mjs';
import { benchWebSize } from './web-size.mjs';
import { benchWsFanout } from './ws-fanout.mjs';

if (process.env.SKIP_BUILD !== '1') {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

if (want('http')) {
  await benchAccounts();
  if (await createFreshDatabase(pgUrl)) await benchAccounts({ databaseUrl: pgUrl });
}
if (want('ledger') && (await createFreshDatabase(pgUrl))) await benchLedger(pgUrl);
if (want('orders')) await benchOrderCreate(pgUrl);
// Settlement creates and drops a database of its own beside the bench database.
if (want('settlement')) await benchSettlement(pgUrl);
// Wealth accrual creates and drops a database of its own too.
if (want('wealth-accrual')) await benchWealthAccrual(pgUrl);
if (want('kdata')) await benchKdata();
if (want('ticks')) await benchTickRecord(pgUrl);
if (want('fair-path')) await benchFairPath();
if (want('ws')) await benchWsFanout(pgUrl);
if (want('web')) await benchWebSize();
