import { z } from 'zod';
import { symbolSchema } from './markets.js';

/**
 * Provable fairness, section 1 (issue 13; the formats: docs/provably-fair.md). Public calls under
 * `/api/fair/*`; hashes and signatures in lowercase hex; times in Unix milliseconds.
 */

/** At most this many ticks per answer of `fair/ticks`: ask again from the last one's time + 1. */
export const FAIR_TICKS_MAX = 1000;
export const FAIR_CHECKPOINTS_LIMIT_MAX = 1000;
export const FAIR_CHECKPOINTS_LIMIT_DEFAULT = 100;

/** The latest time a query may name: the end of the year 9999 (what an ISO 8601 date can write). */
export const FAIR_TIME_MS_MAX = 253_402_300_799_999;

/** A whole number of Unix milliseconds from a query string ("1767225600000"), at most FAIR_TIME_MS_MAX. */
export const timeMsSchema = z
  .string({ error: 'time_ms_invalid' })
  .regex(/^\d{1,15}$/, 'time_ms_invalid')
  .transform(Number)
  .refine((ms) => ms <= FAIR_TIME_MS_MAX, 'time_ms_invalid');

export const fairTicksQuerySchema = z
  .strictObject({ symbol: symbolSchema, from: timeMsSchema, to: timeMsSchema.optional() })
  .refine((q) => q.to === undefined || q.from <= q.to, { path: ['to'], message: 'time_range_invalid' });
export type FairTicksQuery = z.infer<typeof fairTicksQuerySchema>;

export const fairCheckpointsQuerySchema = z.strictObject({
  fromSeq: z
    .string({ error: 'seq_invalid' })
    .regex(/^[1-9]\d{0,14}$/, 'seq_invalid')
    .transform(Number)
    .default(1),
  limit: z
    .string({ error: 'fair_limit_invalid' })
    .regex(/^\d{1,4}$/, 'fair_limit_invalid')
    .transform(Number)
    .refine((n) => n >= 1 && n <= FAIR_CHECKPOINTS_LIMIT_MAX, 'fair_limit_invalid')
    .default(FAIR_CHECKPOINTS_LIMIT_DEFAULT),
});
export type FairCheckpointsQuery = z.infer<typeof fairCheckpointsQuerySchema>;

const hexSchema = z.string().regex(/^[0-9a-f]*$/);

/** A recorded tick with its place in its symbol's chain. */
export const fairTickSchema = z.object({
  timeMs: z.number().int(),
  /** The exact price, a decimal ("87250.12"). */
  price: z.string(),
  /** The price × 10^8 as the decimal the hash covers ("8725012000000"). */
  priceE8: z.string(),
  prevHash: hexSchema,
  hash: hexSchema,
});
export type FairTick = z.infer<typeof fairTickSchema>;

export const fairCheckpointSchema = z.object({
  seq: z.number().int(),
  /** The minute it covers. */
  timeMs: z.number().int(),
  /** `{symbol}|{timeMs}|{hash}` per product, sorted by symbol, joined by `;`. */
  heads: z.string(),
  prevHash: hexSchema,
  hash: hexSchema,
  /** Ed25519 over the 32 bytes of `hash`. */
  signature: hexSchema,
});
export type FairCheckpoint = z.infer<typeof fairCheckpointSchema>;

/** The platform's Ed25519 public key: SPKI PEM, and the raw 32 bytes in hex. */
export const fairKeySchema = z.object({ pem: z.string(), hex: hexSchema });
export type FairKey = z.infer<typeof fairKeySchema>;

export const fairTickListSchema = z.object({ list: z.array(fairTickSchema) });
export const fairCheckpointListSchema = z.object({ list: z.array(fairCheckpointSchema) });
