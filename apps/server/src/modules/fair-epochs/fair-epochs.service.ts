import type { FairEpoch, FairPathEpoch } from '@app/contract/fair-epochs';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { EpochSecret } from './epoch-secret.js';
import { fairEpochs, fairPathParams, fairPathStarts } from './fair-epochs.tables.js';
import type { PathParams } from './fair-path.js';

/**
 * The fair-epochs records (issue 13 section 2): publishing commitments ahead, revealing seeds once
 * their epoch has ended, the paths' parameters and start prices, and the public reads of all three.
 * Which file holds which rule:
 *   fair-path.ts          the path (pure integer maths)
 *   epoch-secret.ts       the master secret and the seeds derived from it
 *   committed-paths.ts    the engine's side: which epoch, which start price, each tick's price
 *   this file             what is written when, and what is read (no seed before its epoch ends)
 */

/** Commitments are published this many epochs ahead of the current one (and the current one). */
export const EPOCHS_AHEAD = 24;
/** At most this many epochs per answer of `fair/epochs`. */
export const EPOCHS_LIST_MAX = 1000;

export type EpochRow = typeof fairEpochs.$inferSelect;

/** The epoch containing `ms`: epochs are `epochMs` long, counted from the Unix epoch (UTC). */
export function epochStartOf(ms: number, epochMs: number): number {
  return Math.floor(ms / epochMs) * epochMs;
}

/**
 * The epoch length this database uses: that of its published epochs, whatever the configuration
 * says now (a published epoch's bounds never change); the configured one for a new database.
 */
export async function epochLengthMs(db: DbOrTx, configuredMs: number): Promise<number> {
  const [row] = await db
    .select({ startMs: fairEpochs.startMs, endMs: fairEpochs.endMs })
    .from(fairEpochs)
    .orderBy(desc(fairEpochs.startMs))
    .limit(1);
  return row ? row.endMs - row.startMs : configuredMs;
}

/** The epochs starting in [fromMs, toMs], oldest first. */
export async function epochsBetween(db: DbOrTx, fromMs: number, toMs: number): Promise<EpochRow[]> {
  return db
    .select()
    .from(fairEpochs)
    .where(and(gte(fairEpochs.startMs, fromMs), lte(fairEpochs.startMs, toMs)))
    .orderBy(asc(fairEpochs.startMs));
}

/** A product's path parameters as they stand now (the catalogue), for epochs not yet committed. */
export interface CurrentParams extends PathParams {
  symbol: string;
}

/**
 * Publishes the commitment of every epoch from `currentStartMs` to EPOCHS_AHEAD after it that has
 * none yet; each newly committed epoch fixes the path parameters it will use (a product whose
 * parameters changed gets a row from that epoch on). Answers how many were published.
 */
export async function publishAhead(
  db: Db,
  secret: EpochSecret,
  currentStartMs: number,
  epochMs: number,
  products: readonly CurrentParams[],
): Promise<number> {
  const lastStartMs = currentStartMs + EPOCHS_AHEAD * epochMs;
  const existing = new Set((await epochsBetween(db, currentStartMs, lastStartMs)).map((e) => e.startMs));
  let published = 0;
  for (let startMs = currentStartMs; startMs <= lastStartMs; startMs += epochMs) {
    if (existing.has(startMs)) continue;
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(fairEpochs)
        .values({ startMs, endMs: startMs + epochMs, commitment: secret.commitmentOf(startMs) })
        .onConflictDoNothing()
        .returning({ startMs: fairEpochs.startMs });
      if (rows.length === 0) return false;
      await fixParamsFrom(tx, startMs, products);
      return true;
    });
    if (inserted) published += 1;
  }
  return published;
}

/** Records the parameters of every product whose current ones differ from those in force at `startMs`. */
async function fixParamsFrom(tx: DbOrTx, startMs: number, products: readonly CurrentParams[]): Promise<void> {
  if (products.length === 0) return;
  const inForce = await paramsAt(
    tx,
    products.map((p) => p.symbol),
    startMs,
  );
  const changed = products.filter((p) => {
    const before = inForce.get(p.symbol);
    // A product with no path yet gets its parameters with its first start price (an anchor).
    return before && (before.volatilityPpm !== p.volatilityPpm || before.pricePrecision !== p.pricePrecision);
  });
  if (changed.length === 0) return;
  await tx
    .insert(fairPathParams)
    .values(changed.map((p) => ({ ...paramsRow(p), fromMs: startMs })))
    .onConflictDoNothing();
}

function paramsRow(p: CurrentParams) {
  return {
    symbol: p.symbol,
    volatilityPpm: p.volatilityPpm,
    sigmaE12: p.sigmaE12,
    pricePrecision: p.pricePrecision,
  };
}

/** The parameters in force at `startMs` for each symbol that has any (the latest row from at or before it). */
export async function paramsAt(
  db: DbOrTx,
  symbols: readonly string[],
  startMs: number,
): Promise<Map<string, PathParams & { fromMs: number }>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([fairPathParams.symbol])
    .from(fairPathParams)
    .where(and(inArray(fairPathParams.symbol, [...symbols]), lte(fairPathParams.fromMs, startMs)))
    .orderBy(fairPathParams.symbol, desc(fairPathParams.fromMs));
  return new Map(
    rows.map((r) => [
      r.symbol,
      { fromMs: r.fromMs, volatilityPpm: r.volatilityPpm, sigmaE12: r.sigmaE12, pricePrecision: r.pricePrecision },
    ]),
  );
}

/** A product's first parameters, at the epoch of its first start price. */
export async function recordFirstParams(db: DbOrTx, product: CurrentParams, fromMs: number): Promise<void> {
  await db
    .insert(fairPathParams)
    .values({ ...paramsRow(product), fromMs })
    .onConflictDoNothing();
}

/**
 * Writes the seed of every published epoch that has ended by `nowMs` and has none yet, if the
 * secret derives the committed seed; answers the epochs whose commitment this secret does not
 * match (a different FAIR_SEED_SECRET than the one that committed them: they stay unrevealed).
 */
export async function revealEnded(db: Db, secret: EpochSecret, nowMs: number): Promise<number[]> {
  const due = await db
    .select({ startMs: fairEpochs.startMs, commitment: fairEpochs.commitment })
    .from(fairEpochs)
    .where(and(isNull(fairEpochs.seed), lte(fairEpochs.endMs, nowMs)))
    .orderBy(asc(fairEpochs.startMs));
  const foreign: number[] = [];
  for (const epoch of due) {
    if (secret.commitmentOf(epoch.startMs) !== epoch.commitment) {
      foreign.push(epoch.startMs);
      continue;
    }
    await db
      .update(fairEpochs)
      .set({ seed: secret.seedOf(epoch.startMs).toString('hex'), revealedAt: sql`now()` })
      .where(and(eq(fairEpochs.startMs, epoch.startMs), isNull(fairEpochs.seed)));
  }
  return foreign;
}

export interface PathStart {
  symbol: string;
  startMs: number;
  priceE8: bigint;
  anchored: boolean;
}

/** Each symbol's latest recorded start at or before `startMs`. */
export async function latestStarts(
  db: DbOrTx,
  symbols: readonly string[],
  startMs: number,
): Promise<Map<string, PathStart>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([fairPathStarts.symbol])
    .from(fairPathStarts)
    .where(and(inArray(fairPathStarts.symbol, [...symbols]), lte(fairPathStarts.startMs, startMs)))
    .orderBy(fairPathStarts.symbol, desc(fairPathStarts.startMs));
  return new Map(rows.map((r) => [r.symbol, r]));
}

/**
 * Records start prices (the first one of a symbol and epoch stands: a second writer, which derives
 * the same path, changes nothing). Call only for epochs that have started.
 */
export async function recordStarts(db: DbOrTx, starts: readonly PathStart[]): Promise<void> {
  if (starts.length === 0) return;
  await db
    .insert(fairPathStarts)
    .values([...starts])
    .onConflictDoNothing();
}

/**
 * The public list (`GET /api/fair/epochs`): commitments, and each seed once its epoch has ended by
 * `nowMs`. The time check is on top of the database's (a seed is written only after its epoch), so
 * that no clock skew between the engine and this process ever shows a seed early.
 */
export async function listEpochs(db: DbOrTx, fromMs: number, toMs: number, nowMs: number): Promise<FairEpoch[]> {
  const rows = await db
    .select({
      startMs: fairEpochs.startMs,
      endMs: fairEpochs.endMs,
      commitment: fairEpochs.commitment,
      seed: fairEpochs.seed,
    })
    .from(fairEpochs)
    .where(and(gte(fairEpochs.startMs, fromMs), lte(fairEpochs.startMs, toMs)))
    .orderBy(asc(fairEpochs.startMs))
    .limit(EPOCHS_LIST_MAX);
  return rows.map((r) => ({
    startMs: r.startMs,
    commitment: r.commitment,
    seed: r.seed !== null && r.endMs <= nowMs ? r.seed : null,
  }));
}

/**
 * A product's path, epoch by epoch, from the recorded start prices (`GET /api/fair/paths`, and the
 * receipt's `model`): with the revealed seeds, everything needed to re-derive its simulated ticks.
 */
export async function listPaths(db: DbOrTx, symbol: string, fromMs: number, toMs: number): Promise<FairPathEpoch[]> {
  const [starts, params] = await Promise.all([
    db
      .select()
      .from(fairPathStarts)
      .where(
        and(eq(fairPathStarts.symbol, symbol), gte(fairPathStarts.startMs, fromMs), lte(fairPathStarts.startMs, toMs)),
      )
      .orderBy(asc(fairPathStarts.startMs))
      .limit(EPOCHS_LIST_MAX),
    db
      .select()
      .from(fairPathParams)
      .where(and(eq(fairPathParams.symbol, symbol), lte(fairPathParams.fromMs, toMs)))
      .orderBy(asc(fairPathParams.fromMs)),
  ]);
  return starts.flatMap((s) => {
    const inForce = params.filter((p) => p.fromMs <= s.startMs).at(-1);
    if (!inForce) return [];
    return [
      {
        symbol,
        startMs: s.startMs,
        startPriceE8: s.priceE8.toString(),
        anchored: s.anchored,
        volatilityPpm: inForce.volatilityPpm,
        sigmaE12: inForce.sigmaE12.toString(),
        pricePrecision: inForce.pricePrecision,
      },
    ];
  });
}
