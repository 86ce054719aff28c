import { type ChildProcess, spawn } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkpointHash, firstBrokenLink, ZERO_HASH } from './modules/fair/fair-chain.js';
import { SIGNING_KEY_FILE } from './modules/fair/fair-key.js';
import { isType, openSocket } from './modules/realtime/realtime.test-support.js';
import { freePort } from './test/ports.js';
import { createScratchDatabase, type ScratchDatabase } from './test/scratch-database.js';
import { waitUntil } from './test/wait-until.js';

/**
 * Two API processes and a worker (ROLE=worker: no HTTP) on one PostgreSQL, started at the same
 * moment (migrations race under the advisory lock): a session made on one API works on the other, a
 * logout reaches both, and what the worker does (ticks, settlements) reaches the APIs' sockets.
 */
let scratch: ScratchDatabase;
const OWNER = { username: 'owner', password: 'scale-owner-pass-1' };
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const processes: ChildProcess[] = [];
const origins: string[] = [];
let worker: ChildProcess;
let workerPort: number;
let databaseUrl: string;
/** Each process's own DATA_DIR: only the worker's gets the signing key. */
const dataDirs = new Map<string, string>();

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
  scratch = await createScratchDatabase('vela_scale');
  databaseUrl = scratch.url;
  const start = (role: 'api' | 'worker', port: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `vela-scale-${role}-`));
    dataDirs.set(role === 'worker' ? 'worker' : `api${port}`, dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        ROLE: role,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: OWNER.password,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push(child);
    return child;
  };
  const apis: ChildProcess[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    apis.push(start('api', port));
    origins.push(`http://127.0.0.1:${port}`);
  }
  workerPort = await freePort();
  worker = start('worker', workerPort);
  await Promise.all(origins.map((origin, i) => waitForHealth(origin, apis[i]!)));
}, 90_000);

afterAll(async () => {
  for (const child of processes) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
  await scratch?.drop();
  for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
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
  // The user's socket on the other process hears the logout over the bus; that process forgets the
  // cached session as the message arrives.
  const socket = await openSocket(`${a.replace('http', 'ws')}/api/ws`);
  await socket.next(isType('welcome'));
  socket.send({ op: 'auth', token });
  expect(await socket.next(isType('auth'))).toEqual({ type: 'auth', ok: true });
  expect((await post(b, '/api/user/logout', {}, token)).code).toBe(0);
  expect((await post(b, '/api/user/details', {}, token)).status).toBe(401);
  expect(await socket.next(isType('session_ended'))).toEqual({ type: 'session_ended' });
  socket.ws.terminate();
  expect((await post(a, '/api/user/details', {}, token)).status).toBe(401);
  // Exactly one owner although both processes started on an empty database at once.
  const client = new pg.Client({
    connectionString: databaseUrl,
  });
  await client.connect();
  const { rows } = await client.query('SELECT count(*)::int AS n FROM admins');
  await client.end();
  expect(rows[0].n).toBe(1);
});

test('a worker process serves no HTTP, and its ticks and settlements reach the sockets of the API processes', async () => {
  const [a, b] = origins as [string, string];
  expect(worker.exitCode).toBeNull();
  // No listener on the port it was given: ROLE=worker builds no HTTP app.
  await expect(fetch(`http://127.0.0.1:${workerPort}/api/health`)).rejects.toThrow();

  // A funded user, and a product with a period short enough for a test (an operator's change).
  const suffix = String(Date.now() % 1e8);
  const reg = await post(a, '/api/user/register', {
    username: `wrk${suffix}`,
    phone: `138${String(Date.now()).slice(-8)}`,
    password: 'worker-password-1',
  });
  expect(reg.code).toBe(0);
  const token = reg.data.token as string;
  const deposit = await post(a, '/api/wallet/submit', { method: 'bank', amount: '100' }, token);
  expect(deposit.code).toBe(0);
  const owner = (await post(b, '/api/admin/auth/login', OWNER)).data.token as string;
  expect((await post(b, `/api/admin/deposits/${deposit.data.id}/confirm`, {}, owner)).code).toBe(0);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE products SET periods = '[{"seconds":10,"payoutRateBp":8500,"minStakeMinor":"10000000","maxStakeMinor":"10000000000"}]'::jsonb WHERE symbol = 'BTCUSDT'`,
    );
  } finally {
    await client.end();
  }

  // On API a: the worker's ticks arrive (the worker publishes them on the bus).
  const socket = await openSocket(`${a.replace('http', 'ws')}/api/ws`);
  try {
    await socket.next(isType('welcome'));
    socket.send({ op: 'auth', token });
    expect(await socket.next(isType('auth'))).toMatchObject({ ok: true });
    socket.send({ op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT' });
    await socket.next(isType('subscribed'));
    const firstTick = await socket.next(isType('tick'), 60_000);
    const later = await socket.next((m) => m.type === 'tick' && m.time > (firstTick as { time: string }).time, 60_000);
    expect(later).toMatchObject({ symbol: 'BTCUSDT' });

    // An order placed on API b (the market has a recent tick: the socket just received two); its
    // entry and, once the worker settles it after its end, its result reach the socket on API a.
    const placed = await post(
      b,
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 10 },
      token,
    );
    expect(placed.code).toBe(0);
    const orderId = placed.data.id as string;
    // Answered at acceptance, waiting for its entry: API b (ROLE=api, no engine) hears the worker's
    // tick over the bus, records the entry and pushes it, which reaches the socket on API a.
    expect(placed.data).toMatchObject({ status: 'open', entry: null });
    const entered = await socket.next(
      (m) => m.type === 'order' && m.order.id === orderId && m.order.status === 'open' && m.order.entry !== null,
      60_000,
    );
    expect(entered).toMatchObject({ order: { entry: { time: expect.any(String), price: expect.any(String) } } });
    expect(Date.parse((entered as { order: { entry: { time: string } } }).order.entry.time)).toBeGreaterThan(
      Date.parse(placed.data.createdAt),
    );
    expect((await post(a, '/api/order/hold_list', {}, token)).data).toContainEqual(
      expect.objectContaining({ id: orderId, entry: (entered as { order: { entry: unknown } }).order.entry }),
    );
    const settled = await socket.next(
      (m) => m.type === 'order' && m.order.id === orderId && m.order.status !== 'open',
      60_000,
    );
    expect(['won', 'lost', 'tie', 'void']).toContain((settled as { order: { status: string } }).order.status);
  } finally {
    socket.close();
  }
}, 120_000);

test('the worker chains the ticks and signs the checkpoints; both API processes publish the same key and chain, and hold no key', async () => {
  const [a, b] = origins as [string, string];
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
  const get = async (origin: string, url: string): Promise<any> =>
    ((await (await fetch(`${origin}${url}`)).json()) as { data: unknown }).data;
  // The worker makes its first checkpoint on start; waited for as a state.
  let checkpoints: Array<{
    seq: number;
    timeMs: number;
    heads: string;
    prevHash: string;
    hash: string;
    signature: string;
  }> = [];
  await waitUntil(
    async () => {
      checkpoints = (await get(b, '/api/fair/checkpoints'))?.list ?? [];
      return checkpoints.length > 0;
    },
    'the first checkpoint',
    60_000,
  );
  expect(checkpoints.length).toBeGreaterThan(0);
  const [keyA, keyB] = [await get(a, '/api/fair/key'), await get(b, '/api/fair/key')];
  expect(keyA).toEqual(keyB);
  expect(existsSync(path.join(dataDirs.get('worker')!, SIGNING_KEY_FILE))).toBe(true);
  for (const [role, dir] of dataDirs) {
    if (role !== 'worker') expect(existsSync(path.join(dir, SIGNING_KEY_FILE)), role).toBe(false);
  }
  let prev: Buffer = ZERO_HASH;
  for (const c of checkpoints) {
    const hash = checkpointHash(prev, c.seq, c.timeMs, c.heads);
    expect(hash.toString('hex')).toBe(c.hash);
    expect(verify(null, hash, createPublicKey(keyA.pem), Buffer.from(c.signature, 'hex'))).toBe(true);
    prev = hash;
  }
  // The chain of one product as either API process serves it: one line, from its first tick.
  const list = (await get(a, `/api/fair/ticks?symbol=BTCUSDT&from=0`)).list as Array<{
    timeMs: number;
    priceE8: string;
    prevHash: string;
    hash: string;
  }>;
  expect(list.length).toBeGreaterThan(1);
  expect((await get(b, `/api/fair/ticks?symbol=BTCUSDT&from=0&to=${list.at(-1)!.timeMs}`)).list).toEqual(list);
  const chain = list.map((x) => ({
    symbol: 'BTCUSDT',
    timeMs: x.timeMs,
    priceE8: BigInt(x.priceE8),
    prevHash: Buffer.from(x.prevHash, 'hex'),
    hash: Buffer.from(x.hash, 'hex'),
  }));
  expect(firstBrokenLink(chain, ZERO_HASH)).toBe(-1);
}, 60_000);
