import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, expect, test, vi } from 'vitest';
import { freePort } from '../test/ports.js';
import { createTestApp, registerUser, type TestApp } from '../test/test-app.js';
import { REDIS_OUTAGE_MESSAGES } from './rate-limit-store.js';

/**
 * Rate limits with REDIS_URL while Redis goes away and comes back. The test runs a redis-server of
 * its own on a free port (never the machine's 6379) and stops and restarts it.
 */

const LOGIN_LIMIT = 3;
const PREFIX = 'vela-rl:';

let port = 0;
let server: ChildProcess | null = null;
let t: TestApp;
let user: { username: string; password: string };
const logLines: { level: number; msg: string }[] = [];
const consoleError = vi.spyOn(console, 'error');

/** Inside the test rather than in beforeAll, so that a missing redis-server fails the test instead of skipping it. */
async function setUp() {
  port = await freePort();
  await startRedis();
  t = await appOnRedisPort();
  user = await registerUser(t.app);
  // The app's rate-limit client connects on its own; count from a spare address until it is in Redis.
  await until(async () => {
    await login('10.9.9.9');
    return (await redisKeys('10.9.9.9')).length > 0;
  }, 'the rate-limit client to reach Redis');
}

afterAll(async () => {
  await t?.close();
  await stopRedis();
  consoleError.mockRestore();
});

test('rate limits fall back to this process while Redis is down and use Redis again when it returns', async () => {
  await setUp();

  // (a) Redis up: the limit applies and the counter lives in Redis.
  const up = await logins('10.0.0.1', LOGIN_LIMIT + 1);
  expect(up.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  expect(up[3]!.code).toBe(1401);
  const keys = await redisKeys('10.0.0.1');
  expect(keys).toHaveLength(1);
  expect(keys[0]!.startsWith(PREFIX)).toBe(true);
  expect(await redisGet(keys[0]!)).toBe(String(LOGIN_LIMIT + 1));

  // Redis hung (process paused, connection open): each call gives up after the command timeout and
  // counts in this process. Without that timeout these calls would wait for Redis until the test's
  // own time limit (no wall-clock bound here: the answers arriving at all is the point).
  const firstLineOfHang = logLines.length;
  server!.kill('SIGSTOP');
  const hung = await logins('10.0.0.5', LOGIN_LIMIT + 1);
  expect(hung.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  server!.kill('SIGCONT');
  // The first answer from Redis after that ends the outage (the connection never dropped).
  await until(async () => {
    await login('10.0.0.6');
    return outageLines(firstLineOfHang, 30).length > 0;
  }, 'Redis to answer again after SIGCONT');
  expect(outageLines(firstLineOfHang, 40).map((l) => l.msg)).toEqual([REDIS_OUTAGE_MESSAGES.down]);

  // (b) Redis stopped: envelopes, never a 500, and the in-process limit still applies.
  const firstLineOfOutage = logLines.length;
  await stopRedis();
  const down = await logins('10.0.0.2', LOGIN_LIMIT + 2);
  for (const r of down) expect(r.code, JSON.stringify(r)).toEqual(expect.any(Number));
  expect(down.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
  // Let the client fail a few reconnects too, then: one warning for the whole outage.
  await until(async () => outageLines(firstLineOfOutage, 20).length >= 3, 'failed reconnects to be logged (debug)');
  expect((await logins('10.0.0.3', 1))[0]!.status).toBe(200);
  const warnings = outageLines(firstLineOfOutage, 40);
  expect(warnings.map((l) => l.msg)).toEqual([REDIS_OUTAGE_MESSAGES.down]);
  expect(logLines.slice(firstLineOfOutage).some((l) => l.level >= 50)).toBe(false);
  // The realtime bus's own Redis clients say so once too, not once per failed reconnect.
  const busWarnings = logLines
    .slice(firstLineOfOutage)
    .filter((l) => l.level === 40 && l.msg.startsWith('realtime bus'));
  expect(busWarnings.map((l) => l.msg)).toEqual([
    'realtime bus: redis unavailable, live events pause until it returns',
  ]);

  // (c) Redis back on the same port (empty): once the client has reconnected, counts are in Redis again.
  const firstLineAfter = logLines.length;
  await startRedis();
  await until(async () => outageLines(firstLineAfter, 30).length > 0, 'the client to reconnect');
  expect(outageLines(firstLineAfter, 30).map((l) => l.msg)).toEqual([REDIS_OUTAGE_MESSAGES.up]);
  const again = await logins('10.0.0.4', LOGIN_LIMIT + 1);
  expect(again.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  const keysAgain = await redisKeys('10.0.0.4');
  expect(keysAgain).toHaveLength(1);
  expect(await redisGet(keysAgain[0]!)).toBe(String(LOGIN_LIMIT + 1));
  expect(outageLines(firstLineAfter, 40)).toHaveLength(0);

  // ioredis prints this when a client has no 'error' listener.
  expect(consoleError.mock.calls.flat().join(' ')).not.toContain('Unhandled error event');
}, 60_000);

test('a process that starts while Redis is away starts, serves, and joins Redis when it appears', async () => {
  await t?.close();
  await stopRedis();
  port = await freePort();
  const firstLine = logLines.length;
  // Nothing listens on the port yet: the app must still build (the realtime bus included) and serve.
  t = await appOnRedisPort();
  user = await registerUser(t.app);
  expect((await logins('10.1.0.1', LOGIN_LIMIT + 1)).map((r) => r.status)).toEqual([200, 200, 200, 429]);
  expect(logLines.slice(firstLine).some((l) => l.level >= 50)).toBe(false);

  await startRedis();
  // The realtime bus subscribes on its first connection, and the rate limits count in Redis again.
  await until(
    async () => ((await withRedis((r) => r.pubsub('NUMSUB', 'vela_realtime'))) as [string, number])[1] === 1,
    'the realtime bus to subscribe',
  );
  await until(async () => {
    await login('10.1.0.2');
    return (await redisKeys('10.1.0.2')).length > 0;
  }, 'the rate limits to count in Redis');
}, 60_000);

// --- helpers ---

/** The app with REDIS_URL at the test's port and a low login limit; its log lines land in `logLines`. */
function appOnRedisPort(): Promise<TestApp> {
  return createTestApp({
    configure: (config) => {
      config.redisUrl = `redis://127.0.0.1:${port}`;
      config.rateLimits.loginPerMinute = LOGIN_LIMIT;
    },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) logLines.push(JSON.parse(line));
        done();
      },
    }),
  });
}

/** Lines of the rate-limit outage log at `level` (pino: 20 debug, 30 info, 40 warn) from index `from`. */
function outageLines(from: number, level: number) {
  const messages: string[] = Object.values(REDIS_OUTAGE_MESSAGES);
  return logLines.slice(from).filter((l) => l.level === level && messages.includes(l.msg));
}

async function login(address: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: address,
    payload: { username: user.username, password: user.password },
  });
  const body = JSON.parse(response.body);
  return { status: response.statusCode, code: body.code as number };
}

async function logins(address: string, count: number) {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await login(address));
  return results;
}

/** Polls `condition` every 25 ms until it holds; fails after 20 s naming what it waited for. */
async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One short-lived connection to the test's Redis (never retries, never queues). */
async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

const redisKeys = (address: string) => withRedis((r) => r.keys(`${PREFIX}*-${address}`));
const redisGet = (key: string) => withRedis((r) => r.get(key));

async function startRedis() {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()],
    {
      stdio: 'ignore',
    },
  );
  server = child;
  const failed = new Promise<never>((_resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('redis-server is not installed: this test starts its own (apt-get install redis-server)')
          : error,
      ),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited at start (code ${code})`)));
  });
  failed.catch(() => {});
  await Promise.race([
    failed,
    until(
      () =>
        withRedis((r) => r.ping()).then(
          (answer) => answer === 'PONG',
          () => false,
        ),
      `redis-server to answer PING on port ${port}`,
    ),
  ]);
}

async function stopRedis() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
