import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../test/ports.js';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import { waitUntil } from '../../test/wait-until.js';
import { parseSeedSecret, SEED_SECRET_FILE } from './epoch-secret.js';

/**
 * Issue 13 section 2 with real processes on one PostgreSQL: a worker (ROLE=worker, the engine) and
 * an API process (ROLE=api) that serves /api/fair/epochs from the database alone and holds no seed
 * secret. The worker restarts (same DATA_DIR): no epoch is re-seeded, the path goes on without a new
 * anchor. A worker with another secret (a DATA_DIR of its own) changes no commitment and says why.
 */
let scratch: ScratchDatabase;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
let databaseUrl: string;
let api: string;
let apiDir: string;
let workerDir: string;

function start(role: 'api' | 'worker', dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: role,
      LOG_LEVEL: 'info',
      FAIR_EPOCH_SECONDS: '60',
      FAIR_SEED_SECRET: '',
      ADMIN_PASSWORD: 'fair-owner-pass-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  children.push(child);
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Waits for a probe to answer (the shared state wait); a probe that throws has not answered yet. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 60_000): Promise<T> {
  let value: T | undefined;
  await waitUntil(
    async () => {
      value = await probe().catch(() => undefined);
      return value !== undefined;
    },
    what,
    limitMs,
  );
  return value as T;
}

interface ApiEpoch {
  startMs: number;
  commitment: string;
  seed: string | null;
}

async function epochs(): Promise<ApiEpoch[]> {
  const body = (await (await fetch(`${api}/api/fair/epochs?from=0`)).json()) as {
    code: number;
    data: { list: ApiEpoch[] };
  };
  expect(body.code).toBe(0);
  return body.data.list;
}

async function pathStarts(symbol: string): Promise<Array<{ startMs: number; anchored: boolean }>> {
  const body = (await (await fetch(`${api}/api/fair/paths?symbol=${symbol}&from=0`)).json()) as {
    data: { list: Array<{ startMs: number; anchored: boolean }> };
  };
  return body.data.list;
}

/** Whether simulated ticks were recorded in the last two seconds. */
async function recentTicks(): Promise<true | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM ticks WHERE symbol = 'EURUSD' AND time > now() - interval '2 seconds'`,
    );
    return rows[0].n > 0 ? true : undefined;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  scratch = await createScratchDatabase('vela_fair');
  databaseUrl = scratch.url;
  apiDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-api-'));
  workerDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-worker-'));
  dirs.push(apiDir, workerDir);
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  const apiProcess = start('api', apiDir, port);
  await until('the API process', async () => ((await fetch(`${api}/api/health`)).ok ? true : undefined));
  expect(apiProcess.child.exitCode).toBeNull();
}, 90_000);

afterAll(async () => {
  for (const child of children) await stop(child);
  await scratch?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('the worker commits 25 epochs; the API serves them from the database and holds no secret; a restart re-seeds nothing', async () => {
  expect(await epochs()).toEqual([]);
  const first = start('worker', workerDir, await freePort());
  const published = await until('25 commitments', async () => {
    const list = await epochs();
    return list.length >= 25 ? list : undefined;
  });
  const secret = parseSeedSecret(readFileSync(path.join(workerDir, SEED_SECRET_FILE), 'utf8'));
  for (const e of published) {
    expect(e.commitment).toBe(secret.commitmentOf(e.startMs));
    if (e.startMs + 60_000 > Date.now()) expect(e.seed).toBeNull();
  }
  // The API process needs no secret, and made none.
  expect(existsSync(path.join(apiDir, SEED_SECRET_FILE))).toBe(false);
  // The worker's ticks follow a path that starts once, at an anchor.
  await until('a path start', async () => ((await pathStarts('BTCUSDT')).length > 0 ? true : undefined));
  await until('the worker ticking', recentTicks);

  await stop(first.child);
  start('worker', workerDir, await freePort());
  await until('the restarted worker ticking', recentTicks);
  const after = await epochs();

  for (const e of published) expect(after.find((a) => a.startMs === e.startMs)?.commitment).toBe(e.commitment);
  const starts = await pathStarts('BTCUSDT');
  expect(starts[0]!.anchored).toBe(true);
  expect(starts.slice(1).every((s) => !s.anchored)).toBe(true);
}, 150_000);

test('a worker with another secret changes no commitment and reports that it did not commit them', async () => {
  for (const child of children.slice(1)) await stop(child);
  const before = await epochs();
  const otherDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-other-'));
  dirs.push(otherDir);
  const other = start('worker', otherDir, await freePort());
  await until('the report', async () =>
    other.output().includes('did not commit this epoch') ? true : undefined,
  ).catch((error) => {
    throw new Error(`${error.message}\n${other.output()}`);
  });
  const after = await epochs();
  for (const e of before) expect(after.find((a) => a.startMs === e.startMs)?.commitment).toBe(e.commitment);
  const secret = parseSeedSecret(readFileSync(path.join(otherDir, SEED_SECRET_FILE), 'utf8'));
  expect(before.some((e) => e.commitment === secret.commitmentOf(e.startMs))).toBe(false);
  expect(other.output()).not.toContain(readFileSync(path.join(otherDir, SEED_SECRET_FILE), 'utf8').trim());
}, 90_000);
