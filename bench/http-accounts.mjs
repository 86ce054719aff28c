// HTTP throughput of common/config and user/details against a bare Fastify route, in the same run.
// The server runs as `npm start` runs it: LOG_LEVEL info, a log line per request (to a file).
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { freePort, load, root, startOurServer, startProcess, stopProcess, writeResult } from './lib.mjs';

/**
 * The load generator on the first core, the servers on the second (every thread of theirs): without
 * it the generator and the server under test take the two cores in turns, and the ratio partly
 * measures how fast the generator parses each server's answers. Where `taskset` is missing or the
 * machine has one core, nothing is pinned (and the result says so).
 */
function pin(pid, cores) {
  if (cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cores), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const GOALS = { config: 0.6, details: 0.4 };

export async function benchAccounts({ databaseUrl } = {}) {
  const barePort = await freePort();
  const bare = await startProcess(
    ['bench/bare-server.mjs'],
    { PORT: String(barePort) },
    `http://127.0.0.1:${barePort}/bare`,
  );
  const ours = await startOurServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, { logToFile: true });
  const pinned = pin(process.pid, 0) && pin(bare.child.pid, 1) && pin(ours.child.pid, 1);
  try {
    const username = `bench${Date.now() % 1e9}`;
    const reg = await fetch(`${ours.base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, phone: `1${String(Date.now()).slice(-10)}`, password: 'bench-password-1' }),
    }).then((r) => r.json());
    if (reg.code !== 0) throw new Error(`register failed: ${JSON.stringify(reg)}`);
    const token = reg.data.token;

    // The bare route is measured before and after ours and the mean is the yardstick: on this
    // (virtual) machine one 10 s run of it varies by up to 15 %, ours by far less.
    const bareBefore = await load({ url: `http://127.0.0.1:${barePort}/bare`, body: '{}' });
    const config = await load({ url: `${ours.base}/api/common/config`, body: '{}' });
    const details = await load({
      url: `${ours.base}/api/user/details`,
      body: '{}',
      headers: { authorization: `Bearer ${token}` },
    });
    const bareAfter = await load({ url: `http://127.0.0.1:${barePort}/bare`, body: '{}' });
    const bareResult = {
      ...bareBefore,
      requestsPerSecond: Math.round((bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2),
      requestsPerSecondRuns: [bareBefore.requestsPerSecond, bareAfter.requestsPerSecond],
    };
    const result = {
      database: databaseUrl ? 'postgres' : 'pglite',
      logging: 'info, every request, to a file (as npm start)',
      cores: pinned ? 'load generator on core 0, servers on core 1' : 'not pinned',
      machine: { cpus: (await import('node:os')).cpus().length },
      yardstick: { route: 'bare Fastify POST', ...bareResult },
      config: {
        ...config,
        ratio: +(config.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3),
        goal: GOALS.config,
      },
      details: {
        ...details,
        ratio: +(details.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3),
        goal: GOALS.details,
      },
    };
    console.table({
      bare: bareResult,
      'common/config': { ...config, ratio: result.config.ratio },
      'user/details': { ...details, ratio: result.details.ratio },
    });
    writeResult(`http-accounts-${result.database}`, result);
    return result;
  } finally {
    // The benchmarks after this one use every core again.
    if (pinned) pin(process.pid, `0-${cpus().length - 1}`);
    await stopProcess(ours.child);
    await stopProcess(bare.child);
  }
}

void root;
