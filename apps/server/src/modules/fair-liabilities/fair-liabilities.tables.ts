import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Proof of liabilities (issue 13, section 4). One row per period (platform day, or interval), claimed
 * by the process that builds its tree and published when the leaves and the upper nodes are written;
 * only this module's service writes these tables.
 */
export const fairLiabilityTrees = pgTable(
  'fair_liability_trees',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `YYYY-MM-DD` (platform day) or `YYYY-MM-DDTHH:MM:SSZ` (an interval's start). */
    day: text('day').notNull(),
    /** Who builds it: a random token per attempt, and since when (a claim older than the lease is taken over). */
    claimToken: text('claim_token').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** Null until published; then the root, its sum, the leaf count and the books' own total at the same moment. */
    rootHash: text('root_hash'),
    total: bigint('total', { mode: 'bigint' }),
    leaves: integer('leaves'),
    ledgerTotal: bigint('ledger_total', { mode: 'bigint' }),
    currency: text('currency').notNull().default('USDT'),
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set when the day's leaves and nodes were deleted (only the latest trees keep them). */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fair_liability_trees_day_key').on(t.day),
    index('fair_liability_trees_published_idx').on(t.publishedAt),
    check(
      'fair_liability_trees_published_whole',
      sql`${t.publishedAt} IS NULL OR (${t.rootHash} IS NOT NULL AND ${t.total} IS NOT NULL AND ${t.leaves} IS NOT NULL AND ${t.ledgerTotal} IS NOT NULL AND ${t.snapshotAt} IS NOT NULL)`,
    ),
  ],
);

/** One leaf per user and tree, in tree order (sorted by leaf id, which scatters users anew each day). */
export const fairLiabilityLeaves = pgTable(
  'fair_liability_leaves',
  {
    treeId: bigint('tree_id', { mode: 'number' })
      .notNull()
      .references(() => fairLiabilityTrees.id),
    position: integer('position').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Hex of HMAC-SHA256(the user's secret, the day). */
    leafId: text('leaf_id').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.treeId, t.position] }),
    uniqueIndex('fair_liability_leaves_user_key').on(t.treeId, t.userId),
    check('fair_liability_leaves_balance_not_negative', sql`${t.balanceMinor} >= 0`),
  ],
);

/**
 * The tree's nodes from level 4 up (a node there covers 16 leaves): a path's lower four steps are
 * recomputed from the 16 leaves of its block, the rest read here, so a tree keeps about n/8 node rows.
 */
export const fairLiabilityNodes = pgTable(
  'fair_liability_nodes',
  {
    treeId: bigint('tree_id', { mode: 'number' })
      .notNull()
      .references(() => fairLiabilityTrees.id),
    level: smallint('level').notNull(),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    sum: bigint('sum', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.treeId, t.level, t.position] })],
);
