import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts a node process and resolves once `url` answers. With `stdoutFile` its standard output goes
 * to that file, as a server's log would in production, instead of through this process.
 */
export async function startProcess(args, env, url, { stdoutFile } = {}) {
  const stdoutFd = stdoutFile ? openSync(stdoutFile, 'a') : null;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== null) closeSync(stdoutFd);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return { child, output: () => output };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`process did not answer at ${url}:\n${output}`);
}

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The built server on a free port with a fresh DATA_DIR; `nodeArgs` go before the script (e.g. `--cpu-prof`). */
/**
 * Our built server on a fresh data folder. `logToFile` runs it as `npm start` does (LOG_LEVEL info,
 * a line per request), its log going to `server.log` in the data folder; otherwise at warn.
 */
export function startOurServer(extraEnv = {}, { nodeArgs = [], logToFile = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vela-bench-'));
  return freePort().then(async (port) => {
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: logToFile ? 'info' : 'warn',
      ADMIN_PASSWORD: 'bench-owner-pass-1',
      ...extraEnv,
    };
    const proc = await startProcess(
      [...nodeArgs, 'apps/server/dist/main.js'],
      env,
      `http://127.0.0.1:${port}/api/health`,
      logToFile ? { stdoutFile: path.join(dataDir, 'server.log') } : {},
    );
    const base = `http://127.0.0.1:${port}`;
    await marketTicking(base);
    return { ...proc, base, dataDir };
  });
}

/**
 * Resolves once every product has a recorded tick. A new server answers requests while its engine
 * still writes the products' synthetic history (tens of thousands of candles, in the same process on
 * PGlite); the engine ticks only after it. Measuring before would measure that first start, not the
 * server as it runs.
 */
async function marketTicking(base, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await fetch(`${base}/api/product/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
      .then((response) => response.json())
      .catch(() => null);
    const quotes = reply?.code === 0 ? reply.data : [];
    if (quotes.length > 0 && quotes.every((quote) => quote.updatedAt !== null)) return;
    if (Date.now() > deadline) throw new Error(`${base}: the market did not start ticking within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** autocannon with a short warm-up; answers requests per second and latency percentiles. */
export async function load({ url, method = 'POST', headers = {}, body, durationS = 10, connections = 50 }) {
  const options = { url, method, headers: { 'content-type': 'application/json', ...headers }, body, connections };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: durationS });
  const non2xx = result.non2xx + result.errors;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMsP50: result.latency.p50,
    latencyMsP99: result.latency.p99,
    non2xx,
  };
}

export function writeResult(name, result) {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, at: new Date().toISOString(), ...result }, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, file)}`);
}

/** The same PostgreSQL server with another database name (each benchmark works in a database of its own). */
export function databaseUrl(url, name) {
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString();
}

async function withMaintenanceClient(url, run) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** Drops and creates the database named in `url`; false (with the reason printed) when PostgreSQL does not answer. */
export async function createFreshDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  try {
    await withMaintenanceClient(url, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    });
    return true;
  } catch (error) {
    console.log(`PostgreSQL benchmarks skipped: ${error.message}`);
    return false;
  }
}

export async function dropDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  await withMaintenanceClient(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export function hasPgbench() {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** pgbench's TPC-B-like TPS with `clients` clients on the database in `url` (initialised at scale 8 first). */
export function pgbenchTps(url, { clients, durationS }) {
  const u = new URL(url);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', u.username || 'postgres'];
  const db = u.pathname.slice(1);
  execFileSync('pgbench', [...args, '-i', '-q', '-s', '8', db], { stdio: 'ignore' });
  const out = execFileSync('pgbench', [
    ...args,
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(durationS),
    db,
  ]).toString();
  const match = out.match(/tps = ([\d.]+) \((without|excluding)/);
  if (!match) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(match[1]);
}

/** A sorted sample's percentile (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; null elsewhere or once it is gone). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

/** Memory of a process from /proc/<pid>/status, in MB. */
export function processMemoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return { rssMb: +(kb('VmRSS') / 1024).toFixed(1), rssPeakMb: +(kb('VmHWM') / 1024).toFixed(1) };
}
