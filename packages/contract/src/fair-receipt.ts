import { z } from 'zod';
import { fairCheckpointSchema, fairTickSchema } from './fair.js';
import { fairEpochSchema, fairPathEpochSchema } from './fair-epochs.js';
import { ORDER_DIRECTIONS, ORDER_STATUSES } from './markets.js';

/**
 * Provable fairness, section 3 (issue 13; the checks: docs/provably-fair.md, "Receipts"): everything
 * a verifier needs to re-derive one order's outcome without trusting the platform.
 * `GET /api/fair/receipt?order={order number}`: the order's owner only (anyone else: 404).
 */

export const fairReceiptQuerySchema = z.strictObject({
  order: z
    .string({ error: 'order_id_required' })
    .trim()
    .min(1, 'order_id_required')
    .regex(/^[1-9]\d{0,14}$/, 'order_id_invalid'),
});
export type FairReceiptQuery = z.infer<typeof fairReceiptQuerySchema>;

/** A tick the order recorded as its entry or exit (added to the first shape; optional for that reason). */
export const fairReceiptSpotSchema = z.object({ timeMs: z.number().int(), priceE8: z.string() });
export type FairReceiptSpot = z.infer<typeof fairReceiptSpotSchema>;

export const fairReceiptOrderSchema = z.object({
  /** The order number users quote. */
  id: z.string(),
  symbol: z.string(),
  direction: z.enum(ORDER_DIRECTIONS),
  /** Stake, fee and payout as decimals ("100", "2.5"), exactly as the order records them. */
  amount: z.string(),
  fee: z.string(),
  /** The payout on a win as a share of the stake: "0.85" pays stake × 1.85. */
  payoutRate: z.string(),
  acceptedAtMs: z.number().int(),
  /** acceptedAtMs + period × 1000. */
  endTimeMs: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** What settlement returned to the balance; null while open. */
  payout: z.string().nullable(),
  /**
   * The entry and exit ticks the order recorded (what the order screens show), so that a verifier
   * checks them against the rule too; null when it has none (open, or void). Additive: a verifier
   * must not require them.
   */
  entry: fairReceiptSpotSchema.nullable().optional(),
  exit: fairReceiptSpotSchema.nullable().optional(),
});
export type FairReceiptOrder = z.infer<typeof fairReceiptOrderSchema>;

/**
 * A tick as `/api/fair/ticks` answers it; a streamed product's tick also names the exchange's trade
 * its price is from (`tradeId`, absent on simulated ticks). Additive to the first shape.
 */
export const fairReceiptTickSchema = fairTickSchema.extend({ tradeId: z.string().optional() });
export type FairReceiptTick = z.infer<typeof fairReceiptTickSchema>;

export const fairReceiptSchema = z.object({
  order: fairReceiptOrderSchema,
  /**
   * Every recorded tick of the symbol, oldest first: from the last one at or before acceptance through
   * the one the checkpoint names as the symbol's head (so the exit and the tick after it are inside).
   */
  ticks: z.array(fairReceiptTickSchema),
  /** The first checkpoint after the exit; null while not yet verifiable. */
  checkpoint: fairCheckpointSchema.nullable(),
  /** The platform's Ed25519 public key (SPKI PEM) that signed the checkpoint. */
  publicKeyPem: z.string(),
  /** Simulated products: the epochs the ticks fall in (seed null until revealed); streamed: []. */
  epochs: z.array(fairEpochSchema),
  /** How the prices were made: a simulated product's committed path per epoch; streamed: paths []. */
  model: z.object({ source: z.string(), paths: z.array(fairPathEpochSchema) }),
  /** false until the order is settled, the checkpoint after its exit is signed and its seeds revealed. */
  verifiable: z.boolean(),
  /**
   * When it will be verifiable (Unix ms), while it is not; null once it is, and (with `verifiable`
   * false) when it never will be: the order's ticks were pruned (kept 7 days) before it was fetched.
   */
  verifiableAtMs: z.number().int().nullable(),
});
export type FairReceipt = z.infer<typeof fairReceiptSchema>;
