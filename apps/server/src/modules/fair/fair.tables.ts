import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.js';

/**
 * Provable fairness, section 1 (issue 13, docs/provably-fair.md). Both tables are append-only: a
 * migration adds triggers that refuse UPDATE, DELETE and TRUNCATE.
 */

/** One signed checkpoint a minute over every symbol's chain head; `seq` 1, 2, ... with no gaps. */
export const fairCheckpoints = pgTable('fair_checkpoints', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  /** The whole minute it covers, Unix milliseconds: heads are the latest ticks at or before it. */
  timeMs: bigint('time_ms', { mode: 'number' }).notNull().unique(),
  /** `{symbol}|{timeMs}|{hash}` for every product with a tick by then, sorted by symbol, joined by `;`. */
  heads: text('heads').notNull(),
  prevHash: bytea('prev_hash').notNull(),
  hash: bytea('hash').notNull(),
  /** Ed25519 over the 32 bytes of `hash` with the platform's key. */
  signature: bytea('signature').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The platform's public signing key, registered by the first process that signs: every process
 * publishes this one, and a process holding another private key refuses to sign. The private key
 * is never stored here (it lives in DATA_DIR or FAIR_SIGNING_KEY).
 */
export const fairSigningKey = pgTable(
  'fair_signing_key',
  {
    id: smallint('id').primaryKey().default(1),
    /** The raw 32-byte Ed25519 public key, lowercase hex. */
    publicKeyHex: text('public_key_hex').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('fair_signing_key_single_row', sql`${t.id} = 1`)],
);
