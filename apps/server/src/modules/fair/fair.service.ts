import type { FairCheckpoint, FairKey, FairTick } from '@app/contract/fair';
import { asc, desc, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { chainedTicks, chainHeadsAt, isKnownSymbol } from '../markets/market-reads.js';
import { fairCheckpoints, fairSigningKey } from './fair.tables.js';
import { checkpointHash, checkpointHeads, ZERO_HASH } from './fair-chain.js';
import { publicKeyPemOf, type SigningKey } from './fair-key.js';

/**
 * Provable fairness, section 1 (issue 13): the tick chain as published, the signed minute
 * checkpoints and the platform's public key.
 *
 * | rule | where |
 * | --- | --- |
 * | tick and checkpoint hash formats | fair-chain.ts (pure); ticks also in drizzle/functions/ticks_chain.sql |
 * | a tick joins its chain; no fork; no tick in the past | ticks_chain.sql (on insert, in the database) |
 * | ticks and checkpoints are final; pruning from a chain's start only | ticks_guard_change.sql, ticks_prune_from_start.sql, fair_records_refuse_change.sql |
 * | one checkpoint per minute, seq without gaps, one signing key | here (makeCheckpoint, registerSigningKey) |
 * | where the private key lives | fair-key.ts |
 */

/** Checkpoints are written one at a time across processes (a transaction lock on PostgreSQL). */
const CHECKPOINT_LOCK_ID = 7_262_302;
export const CHECKPOINT_EVERY_MS = 60_000;
const PRICE_SCALE = 100_000_000n;

type CheckpointRow = typeof fairCheckpoints.$inferSelect;

function toFairCheckpoint(row: CheckpointRow): FairCheckpoint {
  return {
    seq: row.seq,
    timeMs: row.timeMs,
    heads: row.heads,
    prevHash: row.prevHash.toString('hex'),
    hash: row.hash.toString('hex'),
    signature: row.signature.toString('hex'),
  };
}

/** A price × 10^8 as the exact decimal, without trailing zeros: 8725012000000n → "87250.12". */
export function exactPrice(priceE8: bigint): string {
  const fraction = (priceE8 % PRICE_SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${priceE8 / PRICE_SCALE}.${fraction}` : `${priceE8 / PRICE_SCALE}`;
}

/** `fair/ticks`: the chained ticks of a product in [fromMs, toMs], oldest first, at most `limit`. */
export async function tickChain(
  db: DbOrTx,
  symbol: string,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<FairTick[]> {
  if (!(await isKnownSymbol(db, symbol))) throw new AppError('product_not_found');
  const ticks = await chainedTicks(db, symbol, fromMs, toMs, limit);
  return ticks.map((t) => ({
    timeMs: t.timeMs,
    price: exactPrice(t.priceE8),
    priceE8: t.priceE8.toString(),
    prevHash: t.prevHash.toString('hex'),
    hash: t.hash.toString('hex'),
  }));
}

/** `fair/checkpoints`: from `fromSeq` on, oldest first. */
export async function listCheckpoints(db: DbOrTx, fromSeq: number, limit: number): Promise<FairCheckpoint[]> {
  const rows = await db
    .select()
    .from(fairCheckpoints)
    .where(gte(fairCheckpoints.seq, fromSeq))
    .orderBy(asc(fairCheckpoints.seq))
    .limit(limit);
  return rows.map(toFairCheckpoint);
}

/** The first checkpoint at or after `timeMs` (it commits to every tick up to then), if made yet: for receipts. */
export async function firstCheckpointFrom(db: DbOrTx, timeMs: number): Promise<FairCheckpoint | null> {
  const [row] = await db
    .select()
    .from(fairCheckpoints)
    .where(gte(fairCheckpoints.timeMs, timeMs))
    .orderBy(asc(fairCheckpoints.timeMs))
    .limit(1);
  return row ? toFairCheckpoint(row) : null;
}

/** `fair/key`: the platform's public key, as the first signing process registered it. */
export async function publishedKey(db: DbOrTx): Promise<FairKey> {
  const [row] = await db.select().from(fairSigningKey);
  if (!row) throw new AppError('fair_key_unavailable');
  return { pem: publicKeyPemOf(row.publicKeyHex), hex: row.publicKeyHex };
}

/**
 * Registers this process's public key as the platform's unless one is already: true when the
 * platform's key is this one (the process may sign), false when another process registered another
 * key (this one must not sign: set the same FAIR_SIGNING_KEY, or share DATA_DIR).
 */
export async function registerSigningKey(db: DbOrTx, key: SigningKey): Promise<boolean> {
  await db.insert(fairSigningKey).values({ id: 1, publicKeyHex: key.publicKeyHex }).onConflictDoNothing();
  const [row] = await db.select().from(fairSigningKey);
  return row?.publicKeyHex === key.publicKeyHex;
}

/** The minute the checkpoint made at `nowMs` covers: the last whole minute at least `delayMs` old. */
export function checkpointMinute(nowMs: number, delayMs: number): number {
  return Math.floor((nowMs - delayMs) / CHECKPOINT_EVERY_MS) * CHECKPOINT_EVERY_MS;
}

/**
 * Signs the checkpoint of `minuteMs` unless one at or after it exists: seq follows the last one,
 * heads are every product's newest chained tick at or before the minute. Minutes while no process
 * ran get none (the next checkpoint covers their ticks). Null when there was nothing to do.
 */
export async function makeCheckpoint(db: Db, key: SigningKey, minuteMs: number): Promise<FairCheckpoint | null> {
  if (minuteMs % CHECKPOINT_EVERY_MS !== 0) throw new RangeError(`not a whole minute: ${minuteMs}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHECKPOINT_LOCK_ID})`);
    const [last] = await tx.select().from(fairCheckpoints).orderBy(desc(fairCheckpoints.seq)).limit(1);
    if (last && last.timeMs >= minuteMs) return null;
    const seq = (last?.seq ?? 0) + 1;
    const prevHash = last?.hash ?? ZERO_HASH;
    const heads = checkpointHeads(await chainHeadsAt(tx, minuteMs));
    const hash = checkpointHash(prevHash, seq, minuteMs, heads);
    const [row] = await tx
      .insert(fairCheckpoints)
      .values({ seq, timeMs: minuteMs, heads, prevHash, hash, signature: key.sign(hash) })
      .returning();
    return toFairCheckpoint(row!);
  });
}
