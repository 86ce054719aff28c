import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MarketEngine, TICK_RETENTION_DAYS } from './engine.js';
import { backfillHistory, seedProducts } from './markets.service.js';
import { ticks } from './markets.tables.js';

let t: TestApp;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

test('pruning deletes the ticks older than the retention and keeps the rest', async () => {
  const engine = new MarketEngine(t.database, 'prune-test', quiet, { events: t.app.events });
  const now = new Date('2026-06-10T12:00:00.000Z');
  const day = 86_400_000;
  const retention = TICK_RETENTION_DAYS * day;
  expect(TICK_RETENTION_DAYS).toBeGreaterThanOrEqual(7);
  const ages = [retention + 3_600_000, retention + 1, retention, retention - 1_000, day, 0];
  await t.database.db.insert(ticks).values(
    ages.map((age, i) => ({
      symbol: 'EURUSD',
      time: new Date(now.getTime() - age),
      price: 100_000_000n + BigInt(i),
    })),
  );

  await engine.pruneTicks(now);

  const kept = await t.database.db
    .select({ time: ticks.time })
    .from(ticks)
    .where(eq(ticks.symbol, 'EURUSD'))
    .orderBy(asc(ticks.time));
  expect(kept.map((r) => now.getTime() - r.time.getTime())).toEqual([retention, retention - 1_000, day, 0]);
});

test('ticks fall on whole seconds, one a second, never ahead of the clock', async () => {
  const engine = new MarketEngine(t.database, 'grid-test', quiet, { events: t.app.events });
  // A short history first, so that the start only loads it (markets.test checks the full back-fill).
  await seedProducts(t.database.db);
  await backfillHistory(t.database.db, 'grid-test', Math.floor(Date.now() / 1000), null, 5);
  await engine.start();
  try {
    const second = Math.floor(Date.now() / 1000) * 1000 + 60_000;
    const recorded = async () =>
      (await t.database.db.select({ time: ticks.time }).from(ticks).where(eq(ticks.symbol, 'GBPUSD')))
        .map((r) => r.time.getTime())
        .filter((time) => time >= second);
    await engine.step(new Date(second + 300));
    await engine.step(new Date(second + 999));
    expect(await recorded()).toEqual([second]);
    await engine.step(new Date(second + 1_000));
    await engine.step(new Date(second + 2_450));
    expect((await recorded()).sort()).toEqual([second, second + 1_000, second + 2_000]);
  } finally {
    await engine.stop();
  }
});
