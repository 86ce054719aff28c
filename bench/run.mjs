// `npm run bench`: every benchmark with its yardstick in the same run; results in bench/results/.
import { spawnSync } from 'node:child_process';
import { benchAccounts } from './http-accounts.mjs';
import { benchKdata } from './kdata.mjs';
import { benchLedger } from './ledger.mjs';
import { root } from './lib.mjs';
import { benchWebSize } from './web-size.mjs';

if (process.env.SKIP_BUILD !== '1') {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

if (want('http')) {
  await benchAccounts();
  if (await preparePostgres(pgUrl)) await benchAccounts({ databaseUrl: pgUrl });
}
if (want('ledger') && (await preparePostgres(pgUrl))) await benchLedger(pgUrl);
if (want('kdata')) await benchKdata();
if (want('web')) await benchWebSize();

/** A fresh bench database on the local PostgreSQL, when there is one. */
async function preparePostgres(url) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    return true;
  } catch (error) {
    console.log(`PostgreSQL benchmarks skipped: ${error.message}`);
    return false;
  } finally {
    await admin.end().catch(() => {});
  }
}
