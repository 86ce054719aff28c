import { createHash } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { MarketEngine } from '../markets/engine.js';
import { backfillHistory, seedProducts } from '../markets/markets.service.js';
import { products, ticks } from '../markets/markets.tables.js';
import { useTestClock } from '../markets/markets.test-support.js';
import { EpochSecret } from './epoch-secret.js';
import { EPOCHS_AHEAD } from './fair-epochs.service.js';
import { fairEpochs, fairPathParams, fairPathStarts } from './fair-epochs.tables.js';
import { tickPriceE8, walk } from './fair-path.js';

/**
 * Issue 13 section 2 against the real database (PGlite here, PostgreSQL in server-pg): commitments
 * published 24 epochs ahead and never changed, seeds revealed once their epoch has ended, every
 * recorded simulated tick re-derived from the public data alone, across restarts, and the API's
 * answers and errors. Time is the test's clock; epochs are 60 s (the shortest allowed).
 */

let t: TestApp;
const quiet = { info: () => {}, error: () => {} };
const EPOCH_MS = 60_000;
const secret = new EpochSecret(createHash('sha256').update('fair-epochs test master').digest());
/** Two minutes ahead of the wall clock, 20 s into an epoch. */
const T0 = Math.ceil(Date.now() / EPOCH_MS) * EPOCH_MS + 2 * EPOCH_MS + 20_000;
const E0 = T0 - 20_000;
let engine: MarketEngine;
/** The simulated products: every one of the catalogue (no stream in this file). */
let symbols: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedProducts(t.database.db);
  await backfillHistory(t.database.db, 'fair-epochs', Math.floor(Date.now() / 1000), null, 5);
  symbols = (await t.database.db.select({ symbol: products.symbol }).from(products)).map((p) => p.symbol).sort();
  useTestClock(T0);
  engine = await startedEngine(secret);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** An engine started as a (re)started process starts it, then stopped: the test steps it. */
async function startedEngine(withSecret: EpochSecret, walkSecondsMax?: number): Promise<MarketEngine> {
  const e = new MarketEngine(t.database, 'fair-epochs', quiet, {
    fair: { secret: withSecret, epochSeconds: EPOCH_MS / 1000, walkSecondsMax },
  });
  await e.start();
  await e.stop();
  return e;
}

/** Moves the clock second by second to `toMs`, recording each second's ticks with `by`. */
async function stepTo(by: MarketEngine, toMs: number): Promise<void> {
  for (let ms = Math.floor(Date.now() / 1000) * 1000 + 1000; ms <= toMs; ms += 1000) {
    vi.setSystemTime(ms);
    await by.step(new Date(ms));
  }
}

const get = (url: string, lang = 'en') => call(t.app, 'GET', url, undefined, { lang });

interface ApiEpoch {
  startMs: number;
  commitment: string;
  seed: string | null;
}

async function epochs(from = 0): Promise<ApiEpoch[]> {
  const r = await get(`/api/fair/epochs?from=${from}`);
  expect(r.code).toBe(0);
  return r.data.list;
}

async function recordedTicks(symbol: string, fromMs: number): Promise<Array<[number, bigint]>> {
  const rows = await t.database.db
    .select({ time: ticks.time, price: ticks.price })
    .from(ticks)
    .where(and(eq(ticks.symbol, symbol), gte(ticks.time, new Date(fromMs))))
    .orderBy(asc(ticks.time));
  return rows.map((r) => [r.time.getTime() / 1000, r.price]);
}

/**
 * A verifier's work, from the public answers only: the product's path from its first start price,
 * epoch after epoch with each revealed seed and the published parameters, and every recorded tick
 * of those epochs compared with it. Answers how many ticks it checked.
 */
async function verifyFromPublicData(symbol: string): Promise<number> {
  const list = await epochs();
  const seeds = new Map(list.map((e) => [e.startMs, e.seed]));
  const paths = (await get(`/api/fair/paths?symbol=${symbol}&from=0`)).data.list as Array<{
    startMs: number;
    startPriceE8: string;
    anchored: boolean;
    sigmaE12: string;
    volatilityPpm: number;
    pricePrecision: number;
  }>;
  expect(paths[0]!.anchored).toBe(true);
  const recorded = new Map(await recordedTicks(symbol, paths[0]!.startMs));
  let checked = 0;
  let price = BigInt(paths[0]!.startPriceE8);
  for (const [i, epoch] of paths.entries()) {
    const seedHex = seeds.get(epoch.startMs);
    if (!seedHex) break; // not ended yet: nothing to check
    const seed = Buffer.from(seedHex, 'hex');
    expect(createHash('sha256').update(seed).digest('hex')).toBe(
      list.find((e) => e.startMs === epoch.startMs)!.commitment,
    );
    if (epoch.anchored) price = BigInt(epoch.startPriceE8);
    // A start that is not an anchor is where the previous epoch's path ended, recorded or not.
    expect(BigInt(epoch.startPriceE8), `${symbol} start of epoch ${i}`).toBe(price);
    const params = {
      volatilityPpm: epoch.volatilityPpm,
      sigmaE12: BigInt(epoch.sigmaE12),
      pricePrecision: epoch.pricePrecision,
    };
    price = walk(seed, symbol, epoch.startMs / 1000, EPOCH_MS / 1000, price, params, (second, tick) => {
      const seen = recorded.get(second);
      if (seen === undefined) return;
      expect(seen, `${symbol} at ${second}`).toBe(tick);
      checked += 1;
    });
  }
  return checked;
}

describe('commitments and reveals', () => {
  test('a first start publishes the current epoch and the next 24; no seed is shown before its epoch ends', async () => {
    const list = await epochs();
    expect(list).toHaveLength(EPOCHS_AHEAD + 1);
    expect(list.map((e) => e.startMs)).toEqual(Array.from({ length: 25 }, (_, i) => E0 + i * EPOCH_MS));
    for (const e of list) {
      expect(Object.keys(e).sort()).toEqual(['commitment', 'seed', 'startMs']);
      expect(e.commitment).toBe(secret.commitmentOf(e.startMs));
      expect(e.seed).toBeNull();
    }
    // Nor in the database.
    const stored = await t.database.db.select().from(fairEpochs);
    expect(stored.every((e) => e.seed === null)).toBe(true);
  });

  test('the envelope: code 0, a localised msg, { list }', async () => {
    for (const [lang, msg] of [
      ['en', 'Success'],
      ['vn', 'Thành công'],
      ['zn', '成功'],
    ] as const) {
      const r = await get('/api/fair/epochs', lang);
      expect(r.status).toBe(200);
      expect(r.msg).toBe(msg);
      expect(Object.keys(r.data)).toEqual(['list']);
    }
  });

  test('an ended epoch shows its seed, which hashes to the commitment published before; the next epoch is committed', async () => {
    const before = await epochs();
    await stepTo(engine, E0 + EPOCH_MS + 5_000);
    const after = await epochs();
    expect(after).toHaveLength(EPOCHS_AHEAD + 2);
    expect(after.slice(0, 25).map((e) => e.commitment)).toEqual(before.map((e) => e.commitment));
    const first = after[0]!;
    expect(first.seed).toBe(secret.seedOf(E0).toString('hex'));
    expect(createHash('sha256').update(Buffer.from(first.seed!, 'hex')).digest('hex')).toBe(first.commitment);
    expect(after.slice(1).every((e) => e.seed === null)).toBe(true);
    // Published 24 epochs ahead: the newest starts 24 epochs after the current one.
    expect(after.at(-1)!.startMs).toBe(E0 + EPOCH_MS + EPOCHS_AHEAD * EPOCH_MS);
  });

  test('the database refuses to change a commitment, delete an epoch, or take a seed of another commitment', async () => {
    const db = t.database.db;
    const upcoming = E0 + 5 * EPOCH_MS;
    await expect(
      db
        .update(fairEpochs)
        .set({ commitment: 'ab'.repeat(32) })
        .where(eq(fairEpochs.startMs, upcoming)),
    ).rejects.toThrow();
    await expect(db.delete(fairEpochs).where(eq(fairEpochs.startMs, upcoming))).rejects.toThrow();
    await expect(
      db
        .update(fairEpochs)
        .set({ seed: 'cd'.repeat(32) })
        .where(eq(fairEpochs.startMs, upcoming)),
    ).rejects.toThrow();
    await expect(db.update(fairEpochs).set({ seed: null }).where(eq(fairEpochs.startMs, E0))).rejects.toThrow();
    await expect(db.delete(fairPathStarts)).rejects.toThrow();
    await expect(db.update(fairPathParams).set({ volatilityPpm: 1 })).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE fair_epochs`)).rejects.toThrow();
    expect((await epochs()).find((e) => e.startMs === upcoming)!.commitment).toBe(secret.commitmentOf(upcoming));
  });
});

describe('the path', () => {
  test('every recorded simulated tick is the path re-derived from the revealed seeds and the published start', async () => {
    await stepTo(engine, E0 + 2 * EPOCH_MS + 1_000);
    let checked = 0;
    for (const symbol of symbols) checked += await verifyFromPublicData(symbol);
    // Every second recorded in the two ended epochs (from the one after the start), for every product.
    expect(checked).toBe(symbols.length * (39 + 60));
  });

  test('a product’s parameters are those fixed when the epoch was committed', async () => {
    const r = await get('/api/fair/paths?symbol=btcusdt');
    const btc = r.data.list[0];
    expect(btc).toMatchObject({ symbol: 'BTCUSDT', volatilityPpm: 650_000, sigmaE12: '115747082', pricePrecision: 2 });
    // A change now (no back-office screen can make it; a migration could) waits for an epoch not yet committed.
    await t.database.db.update(products).set({ volatility: 0.7 }).where(eq(products.symbol, 'BTCUSDT'));
    await stepTo(engine, E0 + 3 * EPOCH_MS + 1_000);
    const params = await t.database.db.select().from(fairPathParams).where(eq(fairPathParams.symbol, 'BTCUSDT'));
    expect(params.map((p) => [p.fromMs, p.volatilityPpm])).toEqual([
      [E0, 650_000],
      [E0 + 3 * EPOCH_MS + EPOCHS_AHEAD * EPOCH_MS, 700_000],
    ]);
    await t.database.db.update(products).set({ volatility: 0.65 }).where(eq(products.symbol, 'BTCUSDT'));
  });
});

describe('restarts', () => {
  test('after a restart the path continues: walked through the outage, no epoch re-seeded, nothing re-anchored', async () => {
    const before = await epochs();
    // Down for three and a half epochs, then a new engine (a new process) with the same secret.
    vi.setSystemTime(Date.now() + 3 * EPOCH_MS + 30_000);
    engine = await startedEngine(secret);
    await stepTo(engine, Math.floor(Date.now() / EPOCH_MS) * EPOCH_MS + EPOCH_MS + 2_000);
    const after = await epochs();
    for (const e of before) expect(after.find((a) => a.startMs === e.startMs)!.commitment).toBe(e.commitment);
    const paths = (await get('/api/fair/paths?symbol=XAUUSD&from=0')).data.list;
    expect(paths.filter((p: { anchored: boolean }) => p.anchored)).toHaveLength(1);
    for (const symbol of ['XAUUSD', 'EURUSD', 'TSLA']) expect(await verifyFromPublicData(symbol)).toBeGreaterThan(140);
  });

  test('an engine with another secret cannot reveal or tick the committed epochs; the right one carries on', async () => {
    const intruder = await startedEngine(new EpochSecret(createHash('sha256').update('someone else').digest()));
    const committed = await epochs();
    const from = Date.now();
    await stepTo(intruder, Math.floor(Date.now() / EPOCH_MS) * EPOCH_MS + EPOCH_MS + 3_000);
    expect(await recordedTicks('BTCUSDT', from + 1)).toEqual([]);
    const seen = await epochs();
    expect(seen.slice(0, committed.length)).toEqual(
      committed.map((e) =>
        e.startMs + EPOCH_MS <= Date.now() ? { ...e, seed: seen.find((s) => s.startMs === e.startMs)!.seed } : e,
      ),
    );
    // Nothing it could reveal was revealed: the ended epoch waits for the secret that committed it.
    const ended = seen.filter((e) => e.startMs + EPOCH_MS <= Date.now());
    expect(ended.at(-1)!.seed).toBeNull();
    engine = await startedEngine(secret);
    await stepTo(engine, Date.now() + 2_000);
    expect((await epochs()).filter((e) => e.startMs + EPOCH_MS <= Date.now()).every((e) => e.seed !== null)).toBe(true);
    expect(await verifyFromPublicData('BTCUSDT')).toBeGreaterThan(140);
  });

  test('after an outage too long to walk, each path starts again from its last recorded price (an anchor)', async () => {
    const [last] = await t.database.db
      .select({ price: ticks.price })
      .from(ticks)
      .where(eq(ticks.symbol, 'ETHUSDT'))
      .orderBy(sql`${ticks.time} DESC`)
      .limit(1);
    vi.setSystemTime(Date.now() + 30 * EPOCH_MS);
    engine = await startedEngine(secret, 120);
    const startMs = Math.floor(Date.now() / EPOCH_MS) * EPOCH_MS;
    const [start] = await t.database.db
      .select()
      .from(fairPathStarts)
      .where(and(eq(fairPathStarts.symbol, 'ETHUSDT'), eq(fairPathStarts.startMs, startMs)));
    expect(start).toMatchObject({ anchored: true, priceE8: last!.price });
    await stepTo(engine, startMs + EPOCH_MS + 1_000);
    expect(await verifyFromPublicData('ETHUSDT')).toBeGreaterThan(60);
    // The first tick after the anchor is one step from the last recorded price.
    const [first] = await recordedTicks('ETHUSDT', startMs);
    expect(first![1]).toBe(
      tickPriceE8(
        walk(secret.seedOf(startMs), 'ETHUSDT', startMs / 1000, first![0] - startMs / 1000 + 1, last!.price, {
          volatilityPpm: 750_000,
          sigmaE12: (await t.database.db.select().from(fairPathParams).where(eq(fairPathParams.symbol, 'ETHUSDT')))[0]!
            .sigmaE12,
          pricePrecision: 2,
        }),
        2,
      ),
    );
  });
});

describe('bad queries', () => {
  test('answer 400 with a localised message on the field, and never a 500', async () => {
    const cases: Array<[string, string, Record<string, string>]> = [
      ['/api/fair/epochs?from=abc', 'from', { en: 'Give the time as a whole number of Unix milliseconds' }],
      ['/api/fair/epochs?to=-5', 'to', { en: 'Give the time as a whole number of Unix milliseconds' }],
      [
        '/api/fair/epochs?from=99999999999999999',
        'from',
        { en: 'Give the time as a whole number of Unix milliseconds' },
      ],
      ['/api/fair/epochs?from=2000&to=1000', 'to', { en: 'The end of the range may not be before its start' }],
      ['/api/fair/epochs?seed=1', 'seed', { en: 'Unknown field' }],
      ['/api/fair/paths?from=1', 'symbol', { en: 'Please choose a product' }],
      ['/api/fair/paths?symbol=no%20such!', 'symbol', { en: 'Unknown product' }],
    ];
    for (const [url, field, texts] of cases) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.data.fields[field], url).toBe(texts.en);
    }
    const vn = await get('/api/fair/epochs?from=2000&to=1000', 'vn');
    expect(vn.data.fields.to).toBe('Thời điểm kết thúc không được trước thời điểm bắt đầu');
    const zn = await get('/api/fair/epochs?from=x', 'zn');
    expect(zn.data.fields.from).toBe('請以整數 Unix 毫秒表示時間');
    // A range with nothing in it is an empty list, not an error.
    expect((await get('/api/fair/epochs?from=0&to=1')).data).toEqual({ list: [] });
    expect((await get('/api/fair/paths?symbol=NOPE')).data).toEqual({ list: [] });
  });
});
