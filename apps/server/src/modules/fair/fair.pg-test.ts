import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import { seedProducts } from '../markets/markets.service.js';
import { ticks } from '../markets/markets.tables.js';
import { CHECKPOINT_DELAY_MS, CheckpointWorker } from './checkpoint-worker.js';
import { fairCheckpoints } from './fair.tables.js';
import { checkpointHash, firstBrokenLink, ZERO_HASH } from './fair-chain.js';
import { loadSigningKey, verifySignature } from './fair-key.js';

/**
 * Two processes on one PostgreSQL (two pools): whoever writes ticks at the same moment, each symbol's
 * chain stays one line (no fork), and two signers make each minute's checkpoint once, seq without gaps.
 */
let scratch: ScratchDatabase;
let a: Database;
let b: Database;
let dataDir: string;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  scratch = await createScratchDatabase('vela_fair_pg');
  a = await openDatabase({ url: scratch.url, poolSize: 6 });
  b = await openDatabase({ url: scratch.url, poolSize: 6 });
  await seedProducts(a.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-pg-'));
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('concurrent writers of one symbol never fork its chain', async () => {
  const start = Math.floor(Date.now() / 1000) * 1000 + 3_600_000;
  // Each writer records every other second, in its own transactions, all at once.
  const write = (database: Database, offset: number) =>
    Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        database.db
          .insert(ticks)
          .values({ symbol: 'BTCUSDT', time: new Date(start + (2 * i + offset) * 1000), price: 100n + BigInt(i) })
          .then(
            () => true,
            () => false, // one that lost the race to a later tick is refused: never chained behind it
          ),
      ),
    );
  const [fromA, fromB] = await Promise.all([write(a, 0), write(b, 1)]);
  expect([...fromA, ...fromB].filter(Boolean).length).toBeGreaterThan(0);
  const rows = await a.db.select().from(ticks).where(eq(ticks.symbol, 'BTCUSDT')).orderBy(asc(ticks.time));
  const chain = rows.map((r) => ({
    symbol: 'BTCUSDT',
    timeMs: r.time.getTime(),
    priceE8: r.price,
    prevHash: r.prevHash!,
    hash: r.hash!,
  }));
  expect(chain.length).toBe([...fromA, ...fromB].filter(Boolean).length);
  expect(firstBrokenLink(chain, ZERO_HASH)).toBe(-1);
  expect(new Set(chain.map((c) => c.prevHash.toString('hex'))).size).toBe(chain.length);
});

test('two signers at once: each minute checkpointed once, seq 1, 2, ... chained and signed', async () => {
  const { key } = loadSigningKey({ dataDir }); // one DATA_DIR, as on one host
  const workers = [new CheckpointWorker(a.db, key, quiet), new CheckpointWorker(b.db, key, quiet)];
  for (const w of workers) {
    await w.start();
    await w.stop();
  }
  const minute0 = Math.floor(Date.now() / 60_000) * 60_000 + 3_600_000;
  for (let m = 0; m < 5; m++) {
    const now = minute0 + m * 60_000 + CHECKPOINT_DELAY_MS;
    const made = await Promise.all(workers.map((w) => w.runOnce(now)));
    expect(
      made.filter((c) => c !== null),
      `minute ${m}`,
    ).toHaveLength(1);
  }
  const rows = await a.db.select().from(fairCheckpoints).orderBy(asc(fairCheckpoints.seq));
  const made = rows.filter((r) => r.timeMs >= minute0);
  expect(made).toHaveLength(5);
  let prev: Buffer = ZERO_HASH;
  rows.forEach((r, i) => {
    expect(r.seq).toBe(i + 1);
    expect(r.prevHash.equals(prev)).toBe(true);
    const hash = checkpointHash(prev, r.seq, r.timeMs, r.heads);
    expect(r.hash.equals(hash)).toBe(true);
    expect(verifySignature(key.publicKeyHex, hash, r.signature)).toBe(true);
    prev = hash;
  });
});
