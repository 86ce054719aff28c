import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from './test/ports.js';

/**
 * Two API processes on one PostgreSQL, started at the same moment (migrations race under the
 * advisory lock): a session made on one works on the other, and a logout reaches both.
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const dbName = `vela_scale_${randomBytes(4).toString('hex')}`;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const processes: ChildProcess[] = [];
const origins: string[] = [];

async function waitForHealth(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${origin} did not start`);
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        ROLE: 'api',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'scale-owner-pass-1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push(child);
    origins.push(`http://127.0.0.1:${port}`);
  }
  await Promise.all(origins.map((origin, i) => waitForHealth(origin, processes[i]!)));
}, 90_000);

afterAll(async () => {
  for (const child of processes) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

const post = async (origin: string, url: string, body: unknown, token?: string) => {
  const response = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
  return { status: response.status, ...((await response.json()) as { code: number; data: any }) };
};

test('a session made on one process works on the other; a logout reaches both', async () => {
  const [a, b] = origins as [string, string];
  const reg = await post(a, '/api/user/register', {
    username: `scale${Date.now() % 1e8}`,
    phone: `137${String(Date.now()).slice(-8)}`,
    password: 'scale-password-1',
  });
  expect(reg.code).toBe(0);
  const token = reg.data.token as string;
  expect((await post(b, '/api/user/details', {}, token)).code).toBe(0);
  expect((await post(a, '/api/user/details', {}, token)).code).toBe(0);
  expect((await post(b, '/api/user/logout', {}, token)).code).toBe(0);
  expect((await post(b, '/api/user/details', {}, token)).status).toBe(401);
  // The other process may serve its cached session for up to 2 s, then refuses it too.
  await new Promise((r) => setTimeout(r, 2_100));
  expect((await post(a, '/api/user/details', {}, token)).status).toBe(401);
  // Exactly one owner although both processes started on an empty database at once.
  const client = new pg.Client({
    connectionString: Object.assign(new URL(baseUrl), { pathname: `/${dbName}` }).toString(),
  });
  await client.connect();
  const { rows } = await client.query('SELECT count(*)::int AS n FROM admins');
  await client.end();
  expect(rows[0].n).toBe(1);
});
