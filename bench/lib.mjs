import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

/** Starts a node process and resolves once `url` answers. */
export async function startProcess(args, env, url) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
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

export function startOurServer(extraEnv = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vela-bench-'));
  return freePort().then(async (port) => {
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-owner-pass-1',
      ...extraEnv,
    };
    const proc = await startProcess(['apps/server/dist/main.js'], env, `http://127.0.0.1:${port}/api/health`);
    return { ...proc, base: `http://127.0.0.1:${port}`, dataDir };
  });
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
