import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { createScratchDatabase } from '../../test/scratch-database.js';
import { call, copyOfMigratedTemplate, createTestApp, isPostgresRun, type TestApp } from '../../test/test-app.js';
import { MarketEngine } from '../markets/engine.js';
import { backfillHistory, seedProducts } from '../markets/markets.service.js';
import { products, ticks } from '../markets/markets.tables.js';
import { CHECKPOINT_DELAY_MS, CheckpointWorker } from './checkpoint-worker.js';
import { fairCheckpoints, fairSigningKey } from './fair.tables.js';
import { checkpointHash, firstBrokenLink, type StoredChainTick, tickHash, ZERO_HASH } from './fair-chain.js';
import { loadSigningKey, type SigningKey, verifySignature } from './fair-key.js';

/**
 * Issue 13 section 1 against the real database (PGlite here, PostgreSQL in server-pg): every
 * recorded tick joins its symbol's chain, the chain survives a restart and pruning, the database
 * refuses to change it, and the signed checkpoints verify with the published key.
 */
let t: TestApp;
let db: Database['db'];
let dataDir: string;
let key: SigningKey;
const quiet = { info: () => {}, error: () => {} };
const MINUTE = 60_000;
/** A minute ahead of the wall clock: the engine's own timer, if it ticks once, stays behind these. */
const M0 = Math.ceil(Date.now() / MINUTE) * MINUTE + 2 * MINUTE;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  dataDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-'));
  key = loadSigningKey({ dataDir }).key;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An engine with loaded state whose steps the test drives (a short history, as engine.test does). */
async function engineOn(database: Database, seed = 'fair-test'): Promise<MarketEngine> {
  await seedProducts(database.db);
  await backfillHistory(database.db, seed, Math.floor(Date.now() / 1000), null, 5);
  const engine = new MarketEngine(database, seed, quiet);
  await engine.start();
  await engine.stop();
  return engine;
}

type StoredTick = StoredChainTick & { prevHash: Buffer; hash: Buffer };

async function storedChain(database: Database, symbol: string): Promise<StoredTick[]> {
  const rows = await database.db.select().from(ticks).where(eq(ticks.symbol, symbol)).orderBy(asc(ticks.time));
  return rows.map((r) => ({
    symbol,
    timeMs: r.time.getTime(),
    priceE8: r.price,
    prevHash: r.prevHash!,
    hash: r.hash!,
  }));
}

const get = (url: string, lang = 'en') => call(t.app, 'GET', url, undefined, { lang });

describe('the tick chain', () => {
  let engine: MarketEngine;
  beforeAll(async () => {
    engine = await engineOn(t.database);
    for (let s = -3; s <= 2; s++) await engine.step(new Date(M0 + s * 1000));
  });

  test('every recorded tick stores SHA-256(prevHash ‖ "symbol|timeMs|priceE8"), chained from 32 zero bytes', async () => {
    const symbols = (await db.select({ symbol: products.symbol }).from(products)).map((p) => p.symbol);
    expect(symbols.length).toBeGreaterThanOrEqual(20);
    for (const symbol of symbols) {
      const chain = await storedChain(t.database, symbol);
      const fromGrid = chain.filter((c) => c.timeMs >= M0 - 3000);
      expect(
        fromGrid.map((c) => c.timeMs),
        symbol,
      ).toEqual([-3, -2, -1, 0, 1, 2].map((s) => M0 + s * 1000));
      expect(firstBrokenLink(chain, ZERO_HASH), symbol).toBe(-1);
    }
    // The same bytes, laid out by hand, for one tick.
    const [first] = await storedChain(t.database, 'EURUSD');
    expect(first!.prevHash.equals(ZERO_HASH) || first!.timeMs < M0 - 3000).toBe(true);
    const expected = tickHash(first!.prevHash, { symbol: 'EURUSD', timeMs: first!.timeMs, priceE8: first!.priceE8 });
    expect(first!.hash.equals(expected)).toBe(true);
  });

  test('whatever a writer passes as hashes, the database computes them', async () => {
    const [head] = await db.select().from(ticks).where(eq(ticks.symbol, 'EURUSD')).orderBy(sql`time DESC`).limit(1);
    const time = new Date(M0 + 10_000);
    await db.insert(ticks).values({
      symbol: 'EURUSD',
      time,
      price: 108_000_000n,
      prevHash: Buffer.alloc(32, 9),
      hash: Buffer.alloc(32, 9),
    });
    const [row] = await db
      .select()
      .from(ticks)
      .where(and(eq(ticks.symbol, 'EURUSD'), eq(ticks.time, time)));
    expect(row!.prevHash!.equals(head!.hash!)).toBe(true);
    expect(
      row!.hash!.equals(tickHash(head!.hash!, { symbol: 'EURUSD', timeMs: time.getTime(), priceE8: 108_000_000n })),
    ).toBe(true);
  });

  test('a tick older than its chain head, or without a positive price, is refused', async () => {
    await expect(
      db.insert(ticks).values({ symbol: 'EURUSD', time: new Date(M0 + 5_000), price: 108_000_000n }),
    ).rejects.toThrow();
    await expect(
      db.insert(ticks).values({ symbol: 'EURUSD', time: new Date(M0 + 20_000), price: 0n }),
    ).rejects.toThrow();
    expect(firstBrokenLink(await storedChain(t.database, 'EURUSD'), ZERO_HASH)).toBe(-1);
  });

  test('the database refuses to change or delete a chained tick, or to empty the table', async () => {
    const at = eq(ticks.time, new Date(M0));
    await expect(db.update(ticks).set({ price: 1n }).where(at)).rejects.toThrow();
    await expect(
      db
        .update(ticks)
        .set({ hash: Buffer.alloc(32) })
        .where(at),
    ).rejects.toThrow();
    await expect(
      db
        .update(ticks)
        .set({ prevHash: Buffer.alloc(32) })
        .where(at),
    ).rejects.toThrow();
    await expect(db.delete(ticks).where(at)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE ticks`)).rejects.toThrow();
    expect((await db.select().from(ticks).where(at)).length).toBeGreaterThanOrEqual(20);
  });

  test('GET /api/fair/ticks: public, {from, to} in ms inclusive, oldest first, hashes in lowercase hex', async () => {
    const r = await get(`/api/fair/ticks?symbol=btcusdt&from=${M0 - 2000}&to=${M0 + 1000}`);
    expect(r.status).toBe(200);
    expect(r.code).toBe(0);
    const list = r.data.list as Array<{
      timeMs: number;
      price: string;
      priceE8: string;
      prevHash: string;
      hash: string;
    }>;
    expect(list.map((x) => x.timeMs)).toEqual([M0 - 2000, M0 - 1000, M0, M0 + 1000]);
    const stored = (await storedChain(t.database, 'BTCUSDT')).filter(
      (c) => c.timeMs >= M0 - 2000 && c.timeMs <= M0 + 1000,
    );
    list.forEach((x, i) => {
      expect(x.priceE8).toBe(stored[i]!.priceE8.toString());
      expect(x.price.replace('.', '').replace(/^0+/, '') + '0'.repeat(8 - (x.price.split('.')[1]?.length ?? 0))).toBe(
        x.priceE8,
      );
      expect(x.hash).toBe(stored[i]!.hash.toString('hex'));
      expect(x.hash).toMatch(/^[0-9a-f]{64}$/);
      if (i > 0) expect(x.prevHash).toBe(list[i - 1]!.hash);
    });
    const open = await get(`/api/fair/ticks?symbol=BTCUSDT&from=${M0}`);
    expect(open.data.list.map((x: { timeMs: number }) => x.timeMs)).toEqual([M0, M0 + 1000, M0 + 2000]);
  });

  test('bad query parameters: a localised 400 in the envelope, naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      [`/api/fair/ticks?from=${M0}`, 'symbol', 'Please choose a product'],
      [`/api/fair/ticks?symbol=BTCUSDT`, 'from', 'Give the time as a whole number of Unix milliseconds'],
      [`/api/fair/ticks?symbol=BTCUSDT&from=-5`, 'from', 'Give the time as a whole number of Unix milliseconds'],
      [`/api/fair/ticks?symbol=BTCUSDT&from=1e12`, 'from', 'Give the time as a whole number of Unix milliseconds'],
      [
        `/api/fair/ticks?symbol=BTCUSDT&from=1&to=999999999999999`,
        'to',
        'Give the time as a whole number of Unix milliseconds',
      ],
      [`/api/fair/ticks?symbol=BTCUSDT&from=10&to=5`, 'to', 'The end of the range may not be before its start'],
      [`/api/fair/ticks?symbol=BTC%7CUSDT&from=1`, 'symbol', 'Unknown product'],
      [`/api/fair/ticks?symbol=BTCUSDT&from=1&extra=1`, '', ''],
      ['/api/fair/checkpoints?fromSeq=0', 'fromSeq', 'The sequence number must be a whole number from 1'],
      ['/api/fair/checkpoints?limit=1001', 'limit', 'The limit must be a whole number from 1 to 1000'],
      ['/api/fair/checkpoints?limit=abc', 'limit', 'The limit must be a whole number from 1 to 1000'],
    ];
    for (const [url, field, message] of cases) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.code, url).toBe(1001);
      if (field) expect(r.data.fields[field], url).toBe(message);
    }
    const vn = await get('/api/fair/checkpoints?fromSeq=x', 'vn');
    expect(vn.data.fields.fromSeq).toBe('Số thứ tự phải là số nguyên từ 1');
    const zn = await get('/api/fair/ticks?symbol=BTCUSDT&from=x', 'zn');
    expect(zn.data.fields.from).toBe('請以整數 Unix 毫秒表示時間');
    expect(zn.msg).toBe('請以整數 Unix 毫秒表示時間');
    const unknown = await get(`/api/fair/ticks?symbol=NOPE&from=1`);
    expect([unknown.status, unknown.code]).toEqual([404, 4201]);
  });

  test('an answer holds at most 1 000 ticks', async () => {
    const start = M0 + 60_000;
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      symbol: 'XPDUSD',
      time: new Date(start + i * 1000),
      price: 100_000_000n + BigInt(i),
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(ticks).values(rows.slice(i, i + 500));
    const r = await get(`/api/fair/ticks?symbol=XPDUSD&from=${start}`);
    expect(r.data.list).toHaveLength(1000);
    expect(r.data.list[999].timeMs).toBe(start + 999_000);
  });
});

describe('checkpoints', () => {
  test('GET /api/fair/key before any process signs: a clear 503 in the envelope', async () => {
    const r = await get('/api/fair/key');
    expect([r.status, r.code]).toEqual([503, 4901]);
    expect(r.msg).toBe('The platform signing key is not published yet, please try again shortly');
  });

  test('one a minute: seq 1, 2, ..., heads of every product at the minute, chained, signed with the published key', async () => {
    let now = M0 + CHECKPOINT_DELAY_MS;
    const worker = new CheckpointWorker(db, key, quiet, () => now);
    await worker.start();
    await worker.stop(); // runs are driven here
    const first = await worker.runOnce(M0 + CHECKPOINT_DELAY_MS);
    expect(first).toMatchObject({ seq: 1, timeMs: M0, prevHash: '0'.repeat(64) });
    // Not again for the same minute, nor before its delay is over for the next.
    expect(await worker.runOnce(M0 + CHECKPOINT_DELAY_MS + 30_000)).toBeNull();
    expect(await worker.runOnce(M0 + MINUTE + CHECKPOINT_DELAY_MS - 1)).toBeNull();
    now = M0 + MINUTE + CHECKPOINT_DELAY_MS;
    const second = await worker.runOnce();
    expect(second).toMatchObject({ seq: 2, timeMs: M0 + MINUTE, prevHash: first!.hash });

    // The heads: every product's latest tick at or before the minute, sorted by symbol.
    const heads = first!.heads.split(';').map((h) => h.split('|'));
    expect(heads.map((h) => h[0])).toEqual([...heads.map((h) => h[0]!)].sort());
    expect(heads.length).toBeGreaterThanOrEqual(20);
    for (const [symbol, timeMs, hash] of heads) {
      const [tick] = await db
        .select()
        .from(ticks)
        .where(and(eq(ticks.symbol, symbol!), eq(ticks.time, new Date(Number(timeMs)))));
      expect(tick!.hash!.toString('hex'), symbol).toBe(hash);
      expect(Number(timeMs)).toBeLessThanOrEqual(M0);
    }
    expect(heads.find((h) => h[0] === 'BTCUSDT')![1]).toBe(String(M0));

    // Anyone re-derives the hash and checks the signature with the published key.
    const published = await get('/api/fair/key');
    expect(published.code).toBe(0);
    expect(published.data.hex).toBe(key.publicKeyHex);
    expect(published.data.pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const listed = await get('/api/fair/checkpoints?fromSeq=1&limit=10');
    expect(listed.data.list).toHaveLength(2);
    let prev = ZERO_HASH;
    for (const c of listed.data.list) {
      const hash = checkpointHash(prev, c.seq, c.timeMs, c.heads);
      expect(hash.toString('hex')).toBe(c.hash);
      expect(c.prevHash).toBe(prev.toString('hex'));
      expect(verifySignature(published.data.hex, hash, Buffer.from(c.signature, 'hex'))).toBe(true);
      const { createPublicKey, verify } = await import('node:crypto');
      expect(verify(null, hash, createPublicKey(published.data.pem), Buffer.from(c.signature, 'hex'))).toBe(true);
      prev = hash;
    }
    expect((await get('/api/fair/checkpoints?fromSeq=2')).data.list.map((c: { seq: number }) => c.seq)).toEqual([2]);
    expect((await get('/api/fair/checkpoints?limit=1')).data.list.map((c: { seq: number }) => c.seq)).toEqual([1]);
  });

  test('checkpoints and the registered key are final in the database', async () => {
    await expect(db.update(fairCheckpoints).set({ heads: '' }).where(eq(fairCheckpoints.seq, 1))).rejects.toThrow();
    await expect(db.delete(fairCheckpoints).where(eq(fairCheckpoints.seq, 2))).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE fair_checkpoints`)).rejects.toThrow();
    await expect(db.update(fairSigningKey).set({ publicKeyHex: '00' })).rejects.toThrow();
    await expect(db.delete(fairSigningKey)).rejects.toThrow();
    expect(await db.select().from(fairCheckpoints)).toHaveLength(2);
  });

  test('a process with another key signs nothing, and the published key stays the first one', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-other-'));
    try {
      const errors: unknown[] = [];
      const other = new CheckpointWorker(db, loadSigningKey({ dataDir: otherDir }).key, {
        info: () => {},
        error: (obj) => errors.push(obj),
      });
      await other.start();
      await other.stop();
      expect(errors).toHaveLength(1);
      expect(await other.runOnce(M0 + 5 * MINUTE + CHECKPOINT_DELAY_MS)).toBeNull();
      expect(await db.select().from(fairCheckpoints)).toHaveLength(2);
      expect((await get('/api/fair/key')).data.hex).toBe(key.publicKeyHex);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('pruning', () => {
  test('only ticks past the retention go, from the start of a chain; the chain stays verifiable from the first kept tick', async () => {
    const DAY = 86_400_000;
    const base = Date.now() - 10 * DAY;
    // A chain of its own (XAGUSD's engine ticks come later, so these are its oldest).
    const [existing] = await db.select().from(ticks).where(eq(ticks.symbol, 'ZZTEST'));
    expect(existing).toBeUndefined();
    await db.insert(products).select(
      db
        .select({
          symbol: sql`'ZZTEST'`.as('symbol'),
          name: products.name,
          nameI18n: products.nameI18n,
          category: products.category,
          pricePrecision: products.pricePrecision,
          volatility: products.volatility,
          startPrice: products.startPrice,
          periods: products.periods,
          feeRateBp: products.feeRateBp,
          enabled: sql`false`.as('enabled'),
          sort: products.sort,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .where(eq(products.symbol, 'EURUSD')),
    );
    const times = [base, base + DAY, base + 2 * DAY, base + 3 * DAY - 3_600_000, Date.now() - 60_000];
    await db
      .insert(ticks)
      .values(times.map((ms, i) => ({ symbol: 'ZZTEST', time: new Date(ms), price: 100n + BigInt(i) })));
    const before = await storedChain(t.database, 'ZZTEST');
    expect(firstBrokenLink(before, ZERO_HASH)).toBe(-1);

    // Not from the middle of a chain, even past the retention...
    await expect(
      db.delete(ticks).where(and(eq(ticks.symbol, 'ZZTEST'), eq(ticks.time, new Date(times[1]!)))),
    ).rejects.toThrow();
    // ...and not within it.
    await expect(db.delete(ticks).where(eq(ticks.symbol, 'ZZTEST'))).rejects.toThrow();
    // The engine's prune: everything older than 7 days, every symbol at once.
    const engine = new MarketEngine(t.database, 'prune', quiet);
    await engine.pruneTicks(new Date());
    const after = await storedChain(t.database, 'ZZTEST');
    expect(after.map((c) => c.timeMs)).toEqual([times[4]]);
    // The first kept tick keeps its prevHash: the hash of the pruned tick before it.
    expect(after[0]!.prevHash.equals(before[3]!.hash)).toBe(true);
    expect(firstBrokenLink(after)).toBe(-1);
    expect(
      (
        await db
          .select()
          .from(ticks)
          .where(lt(ticks.time, new Date(Date.now() - 8 * DAY)))
      ).length,
    ).toBe(0);
    const r = await get(`/api/fair/ticks?symbol=ZZTEST&from=0`);
    expect(r.data.list).toEqual([
      {
        timeMs: times[4],
        price: '0.00000104',
        priceE8: '104',
        prevHash: before[3]!.hash.toString('hex'),
        hash: before[4]!.hash.toString('hex'),
      },
    ]);
  });
});

/** A database that can be closed and opened again, as a process restart does. */
async function restartableDatabase(): Promise<{ open: () => Promise<Database>; remove: () => Promise<void> }> {
  if (isPostgresRun) {
    const scratch = await createScratchDatabase('vela_fair');
    return { open: () => openDatabase({ url: scratch.url, poolSize: 4 }), remove: scratch.drop };
  }
  const copy = await copyOfMigratedTemplate();
  const dir = copy?.dir ?? mkdtempSync(path.join(tmpdir(), 'vela-fair-db-'));
  return {
    open: () => openDatabase({ dataDir: dir }),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

test('across a restart the chain continues from the stored head', async () => {
  const store = await restartableDatabase();
  try {
    const first = await store.open();
    const before = await engineOn(first, 'restart');
    for (let s = 0; s < 3; s++) await before.step(new Date(M0 + s * 1000));
    const [head] = (await storedChain(first, 'XAUUSD')).slice(-1);
    await first.close();

    const second = await store.open();
    try {
      const after = await engineOn(second, 'restart');
      await after.step(new Date(M0 + 5000));
      const chain = await storedChain(second, 'XAUUSD');
      const next = chain.find((c) => c.timeMs === M0 + 5000)!;
      expect(next.prevHash.equals(head!.hash)).toBe(true);
      expect(firstBrokenLink(chain, ZERO_HASH)).toBe(-1);
    } finally {
      await second.close();
    }
  } finally {
    await store.remove();
  }
});
