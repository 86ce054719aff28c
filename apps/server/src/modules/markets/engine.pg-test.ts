import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MarketEngine, TICK_RETENTION_DAYS } from './engine.js';
import { ticks } from './markets.tables.js';

/** Exactly one engine leads on PostgreSQL (advisory lock); when it goes, another takes over. */
let t: TestApp;
const engines: MarketEngine[] = [];
const quiet = { info: () => {}, error: () => {} };
const LOCK_RETRY_MS = 200;
/**
 * Only a safety net for a state that never comes: the test waits for states, not for durations (a busy
 * machine once needed more than 3 s to notice a terminated connection and hand the lock over).
 */
const STATE_WAIT_MS_MAX = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The session holding the engine's lock (7262300) in this test's database; other databases have their own. */
const ENGINE_LOCK_HOLDER = `locktype = 'advisory' AND classid = 0 AND objid = 7262300 AND granted
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  for (const engine of engines) await engine.stop();
  await t.close();
});

function newEngine(): MarketEngine {
  const engine = new MarketEngine(t.database, 'failover-pg', quiet, { lockRetryMs: LOCK_RETRY_MS });
  engines.push(engine);
  return engine;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await condition()) return;
    await sleep(20);
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

async function newestTickTime(): Promise<number> {
  const [row] = await t.database.db
    .select({ time: ticks.time })
    .from(ticks)
    .where(eq(ticks.symbol, 'EURUSD'))
    .orderBy(desc(ticks.time))
    .limit(1);
  return row?.time.getTime() ?? 0;
}

/** Waits until the engines record a tick stamped after `since`. */
async function ticksAfter(since: number): Promise<void> {
  return waitFor(async () => (await newestTickTime()) > since, STATE_WAIT_MS_MAX);
}

test('two engines on one database: one leads; when it stops or loses its lock connection, the other takes over', async () => {
  // A tick older than the retention: the leader's first step prunes it.
  const old = new Date(Date.now() - (TICK_RETENTION_DAYS + 1) * 86_400_000);
  await t.database.db.insert(ticks).values({ symbol: 'EURUSD', time: old, price: 108_000_000n });

  const first = newEngine();
  const second = newEngine();
  await first.start();
  await second.start();
  expect([first.isLeader, second.isLeader]).toEqual([true, false]);
  await ticksAfter(Date.now());
  // Pruning follows the step's writes, so it is waited for rather than assumed done with the tick.
  const isOldTickKept = async () =>
    (
      await t.database.db
        .select()
        .from(ticks)
        .where(and(eq(ticks.symbol, 'EURUSD'), eq(ticks.time, old)))
    ).length > 0;
  await waitFor(async () => !(await isOldTickKept()), STATE_WAIT_MS_MAX);
  expect(await isOldTickKept()).toBe(false);
  // Over several retry intervals the follower keeps out.
  await sleep(LOCK_RETRY_MS * 3);
  expect([first.isLeader, second.isLeader]).toEqual([true, false]);

  // The leader stops: the follower takes the lock within its retry interval and ticks go on.
  await first.stop();
  const stoppedAt = Date.now();
  await waitFor(() => second.isLeader, STATE_WAIT_MS_MAX);
  await ticksAfter(stoppedAt);

  // A third process waits; then the leader's lock connection dies (as when its host drops off the
  // network): the server frees the lock, the old leader stops leading and the waiting one takes over.
  const third = newEngine();
  await third.start();
  expect(third.isLeader).toBe(false);
  const terminated = await t.database.pool!.query<{ ok: boolean }>(
    `SELECT pg_terminate_backend(pid) AS ok FROM pg_locks WHERE ${ENGINE_LOCK_HOLDER}`,
  );
  expect(terminated.rows).toEqual([{ ok: true }]);
  const lostAt = Date.now();
  await waitFor(() => !second.isLeader && third.isLeader, STATE_WAIT_MS_MAX);
  await ticksAfter(lostAt);

  // Never two leaders: exactly one session holds the lock, and it is the new leader's.
  const holders = await t.database.pool!.query(`SELECT pid FROM pg_locks WHERE ${ENGINE_LOCK_HOLDER}`);
  expect(holders.rows).toHaveLength(1);
  expect(engines.filter((e) => e.isLeader)).toEqual([third]);
  // The one that lost its lock waits to lead again rather than giving up.
  await third.stop();
  await waitFor(() => second.isLeader, STATE_WAIT_MS_MAX);
  const resumedAt = Date.now();
  await ticksAfter(resumedAt);
  const recent = await t.database.db
    .select()
    .from(ticks)
    .where(and(eq(ticks.symbol, 'EURUSD'), gt(ticks.time, new Date(stoppedAt))));
  expect(recent.length).toBeGreaterThan(0);
}, 120_000);
