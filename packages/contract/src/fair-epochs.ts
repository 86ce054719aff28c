import { z } from 'zod';
import { timeMsSchema } from './fair.js';
import { symbolSchema } from './markets.js';

/**
 * Provable fairness, section 2 (issue 13; the algorithm: docs/provably-fair.md): simulated prices
 * follow a path committed before it happens. Public calls under `/api/fair/*`; times in Unix
 * milliseconds; seeds and commitments in lowercase hex.
 */

const rangeIsOrdered = (q: { from?: number; to?: number }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;

/**
 * `GET /api/fair/epochs?from=&to=`: the epochs starting from `from` to `to` (both optional: from a
 * day ago, and every upcoming one), oldest first, at most 1000.
 */
export const fairEpochsQuerySchema = z
  .strictObject({ from: timeMsSchema.optional(), to: timeMsSchema.optional() })
  .refine(rangeIsOrdered, { path: ['to'], message: 'time_range_invalid' });
export type FairEpochsQuery = z.infer<typeof fairEpochsQuerySchema>;

const hexSchema = z.string().regex(/^[0-9a-f]*$/);

export const fairEpochSchema = z.object({
  /** The epoch's first millisecond (UTC); it lasts FAIR_EPOCH_SECONDS (3600 by default). */
  startMs: z.number().int(),
  /** SHA-256 of the seed, published at least 24 epochs ahead; never changes. */
  commitment: hexSchema,
  /** The 32-byte seed, once the epoch has ended; null before. */
  seed: hexSchema.nullable(),
});
export type FairEpoch = z.infer<typeof fairEpochSchema>;
export const fairEpochListSchema = z.object({ list: z.array(fairEpochSchema) });

/** `GET /api/fair/paths?symbol=&from=&to=`: a simulated product's path, epoch by epoch. */
export const fairPathsQuerySchema = z
  .strictObject({
    symbol: symbolSchema,
    from: timeMsSchema.optional(),
    to: timeMsSchema.optional(),
  })
  .refine(rangeIsOrdered, { path: ['to'], message: 'time_range_invalid' });
export type FairPathsQuery = z.infer<typeof fairPathsQuerySchema>;

/** What a product's ticks in one epoch are derived from, besides the epoch's seed. */
export const fairPathEpochSchema = z.object({
  symbol: z.string(),
  startMs: z.number().int(),
  /** The path's price before the epoch's first step, × 10^8 (unrounded), a decimal integer. */
  startPriceE8: z.string(),
  /** true: a fresh start (the product's first epoch, or after a long outage), not the previous epoch's end. */
  anchored: z.boolean(),
  /** Annual volatility in millionths, as fixed when the epoch was committed. */
  volatilityPpm: z.number().int(),
  /** Per-second volatility × 10^12: isqrt(volatilityPpm² × 10^12 / 31536000), a decimal integer. */
  sigmaE12: z.string(),
  pricePrecision: z.number().int(),
});
export type FairPathEpoch = z.infer<typeof fairPathEpochSchema>;
export const fairPathListSchema = z.object({ list: z.array(fairPathEpochSchema) });
