import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyLiabilityProof } from '@app/contract/fair-liabilities';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { freePort } from '../../test/ports.js';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import type { TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { userWithMoney } from './fair-liabilities.test-support.js';
import { LIABILITY_SECRET_FILE } from './liability-secret.js';

/**
 * Two whole server processes (ROLE=all: both run the liabilities worker) on one PostgreSQL, started
 * at the same moment on a database that already has users: exactly one builds the day's tree (only
 * the builder ever loads the master secret, so only its DATA_DIR gains the secret file), and both
 * serve the same proofs. Then both stop and one starts again: the day is not built again.
 */
let scratch: ScratchDatabase;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
let databaseUrl: string;
let seeded: { username: string; password: string; totalMinor: bigint }[] = [];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function start(dataDir: string, port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: 'all',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'liabilities-owner-1',
      RATE_LIMIT_LOGIN: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
}

async function json(origin: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${origin}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
  return (await response.json()) as { code: number; data: any };
}

/** Waits (bounded) until the server answers and has published a day. */
async function waitForTree(origin: string, child: ChildProcess) {
  let list: unknown[] = [];
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const listed = await json(origin, '/api/fair/liabilities').catch(() => undefined);
      if (listed?.code === 0) list = listed.data.list;
      return list.length > 0;
    },
    `${origin} to publish a tree`,
    // A first start back-fills the price history too: minutes on a loaded 2-core machine.
    150_000,
  );
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted by the callers
  return list as any;
}

beforeAll(async () => {
  scratch = await createScratchDatabase('vela_liab');
  databaseUrl = scratch.url;
  // Users with money before any server runs, so the first start's tree has them.
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_REGISTER: '1000' });
  const app = await buildApp({ config, database, logger: false });
  const t = { app, database, config, close: async () => {} } as TestApp;
  for (let i = 0; i < 20; i++) {
    const u = await userWithMoney(t, BigInt(i) * 3_000_003n, i % 4 === 0 ? {} : { earn_flexible: 3n });
    seeded.push(u);
  }
  await app.close();
  await database.close();
  for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(path.join(tmpdir(), 'vela-liab-')));
}, 120_000);

afterAll(async () => {
  for (const child of children) await stop(child);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await scratch?.drop();
  seeded = [];
});

test('two processes: one builds the day, both serve it; after a restart it is not built again', async () => {
  const ports = [await freePort(), await freePort()];
  const origins = ports.map((port) => `http://127.0.0.1:${port}`);
  const both = dataDirs.map((dir, i) => start(dir, ports[i]!));
  const lists = await Promise.all(origins.map((origin, i) => waitForTree(origin, both[i]!)));
  expect(lists[0]).toEqual(lists[1]);
  const [day] = lists[0];
  expect(day).toMatchObject({ leaves: 20, total: day.ledgerTotal });
  expect(BigInt(day.total)).toBe(seeded.reduce((sum, u) => sum + u.totalMinor, 0n));

  // Only the builder loaded (so created) the master secret.
  const builders = dataDirs.filter((dir) => existsSync(path.join(dir, LIABILITY_SECRET_FILE)));
  expect(builders).toHaveLength(1);
  const server = dataDirs.indexOf(dataDirs.find((dir) => !builders.includes(dir))!);

  // The process that did not build serves every proof, and they verify.
  const tokens: string[] = [];
  for (const u of seeded) {
    const login = await json(origins[server]!, '/api/user/login', { username: u.username, password: u.password });
    tokens.push(login.data.token);
  }
  const proofs = [];
  for (const [i, token] of tokens.entries()) {
    const proof = await json(origins[server]!, '/api/fair/liability_proof', {}, token);
    expect(proof.code).toBe(0);
    expect(proof.data.leaf.balanceMinor).toBe(String(seeded[i]!.totalMinor));
    expect((await verifyLiabilityProof(proof.data, sha256)).every((c) => c.isOk)).toBe(true);
    proofs.push(proof.data);
  }

  // Both stop; the one that did not build starts again: same day, same proofs, nothing rebuilt.
  for (const child of both) await stop(child);
  const again = start(dataDirs[server]!, ports[server]!);
  const listed = await waitForTree(origins[server]!, again);
  expect(listed).toEqual(lists[0]);
  expect(dataDirs.filter((dir) => existsSync(path.join(dir, LIABILITY_SECRET_FILE)))).toEqual(builders);
  expect((await json(origins[server]!, '/api/fair/liability_proof', {}, tokens[5])).data).toEqual(proofs[5]);
}, 400_000);
