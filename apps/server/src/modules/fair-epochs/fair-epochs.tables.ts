import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Committed epochs of the simulated prices (issue 13 section 2, docs/provably-fair.md). Only the
 * fair-epochs module writes these tables, and all of it is public: a seed is written only once its
 * epoch has ended. The database refuses to delete a row, to change a commitment, or to store a seed
 * that does not hash to its commitment (drizzle/functions/fair_epochs_guard.sql); the path tables
 * are append-only (fair_path_records_refuse_change.sql).
 */

export const fairEpochs = pgTable('fair_epochs', {
  /** Unix ms of the epoch's first second; epochs are `end_ms - start_ms` long and follow each other. */
  startMs: bigint('start_ms', { mode: 'number' }).primaryKey(),
  endMs: bigint('end_ms', { mode: 'number' }).notNull(),
  /** SHA-256 of the seed, lowercase hex: published ahead, never changed. */
  commitment: text('commitment').notNull(),
  /** The 32-byte seed in lowercase hex; null until the epoch has ended. */
  seed: text('seed'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  revealedAt: timestamp('revealed_at', { withTimezone: true }),
});

/**
 * The parameters of a product's path from the epoch `from_ms` on (until a later row), fixed when
 * that epoch's commitment was published: a change to a product applies from the next epoch to be
 * committed, never to one already committed.
 */
export const fairPathParams = pgTable(
  'fair_path_params',
  {
    symbol: text('symbol').notNull(),
    fromMs: bigint('from_ms', { mode: 'number' }).notNull(),
    volatilityPpm: integer('volatility_ppm').notNull(),
    sigmaE12: bigint('sigma_e12', { mode: 'bigint' }).notNull(),
    pricePrecision: integer('price_precision').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.fromMs] })],
);

/**
 * The price a product's path starts an epoch from (units of 10^-8, unrounded): the end of the
 * previous epoch's path (`anchored` false), or an anchor (true) where no path leads in: the
 * product's first epoch (the catalogue price, or the last recorded one) and after an outage too long
 * to walk. Written when the epoch starts, never before (it depends on the previous epoch's seed).
 */
export const fairPathStarts = pgTable(
  'fair_path_starts',
  {
    symbol: text('symbol').notNull(),
    startMs: bigint('start_ms', { mode: 'number' }).notNull(),
    priceE8: bigint('price_e8', { mode: 'bigint' }).notNull(),
    anchored: boolean('anchored').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.startMs] })],
);
