import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from './test/ports.js';

/**
 * The server survives PostgreSQL restarts: one real server process (ROLE all) on its own
 * PostgreSQL instance, under light load (reads, orders, and back-office adjustments, which hold a
 * pooled connection for a whole transaction), while that PostgreSQL is restarted five times. The
 * process must never exit, answer again within seconds, lead the price engine again, settle the
 * orders placed afterwards, and keep the books balanced.
 *
 * It starts its own PostgreSQL (initdb + pg_ctl in a temporary folder, on a free port): restarting
 * the machine's shared one would break every other test running at the time.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_USERNAME = 'restart_owner';
const ADMIN_PASSWORD = 'restart-owner-pass-1';
const RESTARTS = 5;
const ORDER_PERIOD_S = 30;

let pgBin = '';
let pgRoot = '';
let pgData = '';
let pgLog = '';
let pgPort = 0;
let dataDir = '';
let databaseUrl = '';
let origin = '';
let server: ChildProcess | null = null;
let serverExit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
/** The server's last lines of output (warnings and errors): shown when an assertion fails. */
const serverOutput: string[] = [];
/** How often the server reported a lost PostgreSQL connection (it should: once per outage). */
let connectionLostReports = 0;

function postgresBinDir(): string {
  const preferred = '/usr/lib/postgresql/15/bin';
  if (existsSync(path.join(preferred, 'pg_ctl'))) return preferred;
  return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
}

/**
 * Runs a PostgreSQL tool without blocking the event loop (the load goes on meanwhile). initdb
 * refuses to run as root: as root (CI), the tools run as the `postgres` OS user.
 */
async function runPostgresTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(pgBin, tool);
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await promisify(execFile)(file, argv, { timeout: 60_000 });
}

/** pg_ctl with -w: returns once the server has reached the asked state (started, stopped). */
function pgCtl(...args: string[]): Promise<void> {
  return runPostgresTool('pg_ctl', ['-D', pgData, '-l', pgLog, '-w', '-t', '30', ...args]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One query on a fresh connection to the test's instance (a restart must not leave us a dead one). */
async function sqlQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and asserted where used
type Answer = { status: number; code: number; msg: string; data: any };

async function call(method: 'GET' | 'POST', url: string, body?: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'accept-language': 'en',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  try {
    return { status: response.status, ...(JSON.parse(text) as { code: number; msg: string; data: unknown }) };
  } catch {
    return { status: response.status, code: -1, msg: text.slice(0, 200), data: null };
  }
}

async function isHealthy(): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Polls `check` until it answers true; throws after `timeoutMs`. Answers the milliseconds it took. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    expectServerAlive();
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

function expectServerAlive(): void {
  if (serverExit) {
    throw new Error(
      `server process exited (code ${serverExit.code}, signal ${serverExit.signal}); its last output:\n${serverOutput.join('')}`,
    );
  }
}

async function lastTickMs(): Promise<number> {
  const [row] = await sqlQuery<{ ms: string | null }>(
    'SELECT (extract(epoch FROM max(time)) * 1000)::bigint::text AS ms FROM ticks',
  );
  return row?.ms ? Number(row.ms) : 0;
}

beforeAll(async () => {
  pgBin = postgresBinDir();
  pgRoot = mkdtempSync(path.join(tmpdir(), 'vela-pg-restart-'));
  pgData = path.join(pgRoot, 'data');
  pgLog = path.join(pgRoot, 'postgres.log');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(pgRoot, uid, gid);
  }
  await runPostgresTool('initdb', [
    '-D',
    pgData,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  pgPort = await freePort();
  // A throwaway instance: durability is not what is tested, so skip the fsyncs.
  await pgCtl(
    '-o',
    `-k ${pgRoot} -p ${pgPort} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  );
  databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

  dataDir = mkdtempSync(path.join(tmpdir(), 'vela-pg-restart-data-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ROLE: 'all',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
  };
  // Only this PostgreSQL: no shared Redis, no live market stream.
  delete env.REDIS_URL;
  delete env.MARKET_STREAM_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    serverOutput.push(chunk.toString());
    if (serverOutput.length > 200) serverOutput.splice(0, serverOutput.length - 200);
  };
  let partialLine = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    keep(chunk);
    const lines = (partialLine + chunk.toString()).split('\n');
    partialLine = lines.pop() ?? '';
    connectionLostReports += lines.filter((line) => line.includes('PostgreSQL connection lost')).length;
  });
  server.stderr?.on('data', keep);
  server.once('exit', (code, signal) => {
    serverExit = { code, signal };
  });
  await waitFor('server health after start', isHealthy, 60_000, 200);
}, 120_000);

afterAll(async () => {
  if (server && !serverExit) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (!serverExit) server.kill('SIGKILL');
  }
  if (pgData && existsSync(path.join(pgData, 'postmaster.pid'))) {
    try {
      await pgCtl('-m', 'immediate', 'stop');
    } catch {}
  }
  for (const dir of [pgRoot, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

test(`the server survives ${RESTARTS} PostgreSQL restarts under load`, async () => {
  // Back office: the owner (created from ADMIN_USERNAME/ADMIN_PASSWORD) funds the traders.
  const login = await call('POST', '/api/admin/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.code, login.msg).toBe(0);
  const adminToken = login.data.token as string;

  const traders: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < 4; i++) {
    const suffix = `${process.pid % 10_000}${i}${Date.now() % 10_000}`;
    const registered = await call('POST', '/api/user/register', {
      username: `restart${suffix}`,
      phone: `138${String(Date.now() + i).slice(-8)}`,
      password: 'restart-password-1',
    });
    expect(registered.code, registered.msg).toBe(0);
    const trader = { id: String(registered.data.user.id), token: registered.data.token as string };
    const funded = await call(
      'POST',
      '/api/admin/adjustments',
      { userId: trader.id, direction: 'credit', amount: '10000', reason: 'pg restart test funds' },
      adminToken,
    );
    expect(funded.code, funded.msg).toBe(0);
    traders.push(trader);
  }

  // Light load until told to stop: failures while the database is down are expected and counted.
  let loadRunning = true;
  const counts = { ok: 0, failed: 0 };
  /** Answers by code (-1: no answer), for the summary: refusals while the market is stale are expected. */
  const codes: Record<string, number> = {};
  const count = async (label: string, request: () => Promise<Answer>) => {
    try {
      const answer = await request();
      codes[`${label} ${answer.code}`] = (codes[`${label} ${answer.code}`] ?? 0) + 1;
      if (answer.code === 0) counts.ok += 1;
      else counts.failed += 1;
      return answer;
    } catch {
      codes[`${label} -1`] = (codes[`${label} -1`] ?? 0) + 1;
      counts.failed += 1;
      return null;
    }
  };
  const loop = async (step: (i: number) => Promise<unknown>, pauseMs: number) => {
    for (let i = 0; loadRunning; i++) {
      await step(i);
      await sleep(pauseMs);
    }
  };
  const load = [
    loop(() => count('product/list', () => call('POST', '/api/product/list', {})), 50),
    ...traders.map((trader) =>
      loop(() => count('user/details', () => call('POST', '/api/user/details', {}, trader.token)), 100),
    ),
    // Orders (entries, settlements): each trader one at a time, a second apart.
    ...traders.map((trader, n) =>
      loop(
        () =>
          count('order/create', () =>
            call(
              'POST',
              '/api/order/create',
              { symbol: 'BTCUSDT', direction: n % 2 ? 'up' : 'down', amount: '10', period: ORDER_PERIOD_S },
              trader.token,
            ),
          ),
        1_000,
      ),
    ),
    // Back-office adjustments: each one a transaction on a checked-out pool connection, the case
    // that crashed the process when PostgreSQL went away in the middle of it.
    ...[0, 1].map((lane) =>
      loop(
        (i) =>
          count('admin/adjustments', () =>
            call(
              'POST',
              '/api/admin/adjustments',
              {
                userId: traders[(lane + i) % traders.length]!.id,
                direction: 'credit',
                amount: '0.01',
                reason: 'pg restart test load',
              },
              adminToken,
            ),
          ),
        0,
      ),
    ),
  ];

  const recoveries: number[] = [];
  const releads: number[] = [];
  try {
    for (let restart = 1; restart <= RESTARTS; restart++) {
      // Some load on a working database first.
      const okBefore = counts.ok;
      await waitFor(`load before restart ${restart}`, async () => counts.ok >= okBefore + 20, 20_000, 50);
      expectServerAlive();
      const restartedAt = Date.now();
      await pgCtl('-m', 'fast', 'restart');
      expectServerAlive();
      // Within seconds: the pool drops the broken connections and opens new ones on demand.
      recoveries.push(await waitFor(`health after restart ${restart}`, isHealthy, 10_000, 100));
      // The engine lost its lock connection with the restart: it leads again and records new ticks.
      releads.push(
        await waitFor(
          `a tick recorded after restart ${restart}`,
          async () => (await lastTickMs()) > restartedAt,
          20_000,
          200,
        ),
      );
    }
    const lastRestartDone = Date.now();

    // Orders placed after the last restart: accepted, and settled once they are due.
    const placed: string[] = [];
    for (const [n, trader] of traders.entries()) {
      await waitFor(
        'an order accepted after the restarts',
        async () => {
          const created = await call(
            'POST',
            '/api/order/create',
            { symbol: 'BTCUSDT', direction: n % 2 ? 'up' : 'down', amount: '10', period: ORDER_PERIOD_S },
            trader.token,
          );
          if (created.code === 0) placed.push(String(created.data.id));
          return created.code === 0;
        },
        10_000,
        200,
      );
    }
    expect(placed).toHaveLength(traders.length);
    loadRunning = false;
    await Promise.all(load);

    const settleDeadlineMs = ORDER_PERIOD_S * 1000 + 20_000 - (Date.now() - lastRestartDone);
    await waitFor(
      'the orders placed after the restarts settle',
      async () => {
        const rows = await sqlQuery<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::bigint[]) AND status <> 'open'`,
          [placed],
        );
        return rows[0]?.n === placed.length;
      },
      Math.max(settleDeadlineMs, 20_000),
      500,
    );
    // Every order, also those placed around the restarts, is settled once due (the last ones ended first).
    await waitFor(
      'no order left open',
      async () => {
        const rows = await sqlQuery<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE status = 'open'`);
        return rows[0]?.n === 0;
      },
      15_000,
      500,
    );

    // The books: postings sum to zero, every balance equals its postings, no user balance below zero.
    const books = await call('GET', '/api/admin/reconciliation', undefined, adminToken);
    expect(books.code, books.msg).toBe(0);
    expect(books.data).toMatchObject({
      isBalanced: true,
      journalsNotBalanced: 0,
      accountsNotMatchingPostings: 0,
      userAccountsBelowZero: 0,
    });
    for (const sum of Object.values(books.data.postingsSum)) expect(sum).toBe('0');

    const orderCounts = await sqlQuery<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status',
    );
    console.info(
      `pg-restart: health back after ${recoveries.join(', ')} ms; engine ticking again after ${releads.join(', ')} ms; ` +
        `${connectionLostReports} connection-lost reports; requests ok ${counts.ok}, failed ${counts.failed} (codes ${JSON.stringify(codes)}); orders ${orderCounts.map((r) => `${r.status} ${r.n}`).join(', ')}`,
    );
    expect(counts.ok).toBeGreaterThan(0);
    // While the database is away a request is refused as retryable (503, code 5001), never a 500.
    expect(Object.keys(codes).filter((key) => key.endsWith(' 5000'))).toEqual([]);
    // Reported, but once per outage rather than once per broken connection.
    expect(connectionLostReports).toBeGreaterThanOrEqual(1);
    expect(connectionLostReports).toBeLessThanOrEqual(RESTARTS);
    expectServerAlive();
  } finally {
    loadRunning = false;
    await Promise.all(load);
  }
}, 180_000);
