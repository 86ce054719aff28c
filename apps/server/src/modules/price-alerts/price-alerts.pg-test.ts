import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { seedProducts } from '../markets/markets.service.js';
import { PriceAlertEvaluator } from './alert-evaluator.js';
import { P, priceAlertNotices, quiet, recordTick } from './price-alerts.test-support.js';

/** Two evaluators on a real PostgreSQL, as two processes would run them: each alert fires once. */
let t: TestApp;
let other: Database;

beforeAll(async () => {
  t = await createTestApp();
  await seedProducts(t.database.db);
  other = await openDatabase({ url: t.database.pool!.options.connectionString!, poolSize: 4 });
}, 90_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

test('two evaluators racing over many crossings fire each alert exactly once, with one notice', async () => {
  const u = await registerUser(t.app);
  const userId = Number(u.user.id);
  const start = Date.now();
  await recordTick(t.database.db, 'BNBUSDT', start - 1, P(600));
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await call(
      t.app,
      'POST',
      '/api/price_alert/create',
      { kind: 'above', symbol: 'BNBUSDT', price: String(601 + i) },
      { token: u.token },
    );
    expect(r.code).toBe(0);
    ids.push(r.data.id);
  }
  // The second evaluator tells its notices on the same app's events (as a second process would on its own).
  const a = new PriceAlertEvaluator(t.database.db, quiet, { events: t.app.events });
  const b = new PriceAlertEvaluator(other.db, quiet, { events: t.app.events });
  await recordTick(t.database.db, 'BNBUSDT', Date.now() + 1, P(700));
  await waitUntil(() => Date.now() > start + 5, 'the tick to be in the past');
  const passes = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
  let fired = passes.flat().map((r) => String(r.id));
  // Passes that found the other holding the lock fired nothing; one more pass each finds nothing left.
  fired = fired.concat((await Promise.all([a.runOnce(), b.runOnce()])).flat().map((r) => String(r.id)));
  expect(fired.sort()).toEqual([...ids].sort());
  await waitUntil(async () => (await priceAlertNotices(t.database.db, userId)).length === 20, '20 notices');
  expect(new Set((await priceAlertNotices(t.database.db, userId)).map((n) => n.params.alertId)).size).toBe(20);
});

test('a pass while an alert is being armed does not move past its arming: a spike right after it fires it', async () => {
  const u = await registerUser(t.app);
  const create = (price: string) =>
    call(t.app, 'POST', '/api/price_alert/create', { kind: 'above', symbol: 'XAGUSD', price }, { token: u.token });
  await recordTick(t.database.db, 'XAGUSD', Date.now() - 1, P(30));
  // A committed alert far away, so that passes move XAGUSD's cursor.
  expect((await create('40')).code).toBe(0);
  const evaluator = new PriceAlertEvaluator(t.database.db, quiet);

  // Hold the create between stamping its arming and committing: its INSERT waits for this table lock.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let isLocked = false;
  const holding = other.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE price_alerts IN SHARE MODE`);
    isLocked = true;
    await released;
  });
  await waitUntil(() => isLocked, 'the table lock');
  const creating = create('31');
  const isInsertWaiting = async () =>
    (
      await queryRows<{ waiting: number }>(
        other.db,
        sql`SELECT count(*)::int AS waiting FROM pg_locks WHERE relation = 'price_alerts'::regclass AND NOT granted`,
      )
    )[0]!.waiting > 0;
  await waitUntil(isInsertWaiting, 'the create to wait at its insert');

  // The spike comes after the arming was stamped; a pass runs before the arming commits.
  const spikeMs = Date.now() + 1;
  await recordTick(t.database.db, 'XAGUSD', spikeMs, P(32));
  await waitUntil(() => Date.now() > spikeMs, 'the spike to be in the past');
  expect(await evaluator.runOnce()).toEqual([]);
  release();
  await holding;
  const created = await creating;
  expect(created.code).toBe(0);
  // Back under the level: only the spike can fire it.
  await recordTick(t.database.db, 'XAGUSD', Date.now() + 1, P(30));
  const fired = await evaluator.runOnce();
  expect(fired.map((r) => [String(r.id), r.triggeredPrice])).toEqual([[created.data.id, P(32)]]);
});
