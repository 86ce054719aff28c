import type { ErrorName } from './errors.js';

/**
 * The money rules of a timed order (DESIGN.md 6.4), one function each for the server's charge and
 * the screen's preview, so the two never differ by a minor unit. Rates are basis points: 100 = 1 %.
 */
/** One period of a product's trading rules, as the products table stores it. */
export interface PeriodRule {
  seconds: number;
  /** Payout on a win in basis points of the stake: 8500 pays stake × 1.85. */
  payoutRateBp: number;
  /** USDT minor units, as decimal strings (JSON has no 64-bit integers). */
  minStakeMinor: string;
  maxStakeMinor: string;
}

const BP_PER_ONE = 10_000n;
const RATE_PATTERN = /^(0|[1-9]\d{0,4})(\.\d{1,4})?$/;

/**
 * The fee: stake × fee rate, rounded up to the minor unit (a fraction of a micro-USDT goes to the
 * platform, as with the withdrawal fee).
 */
export function orderFeeMinor(amountMinor: bigint, feeRateBp: number): bigint {
  return (amountMinor * BigInt(feeRateBp) + BP_PER_ONE - 1n) / BP_PER_ONE;
}

/** What a win returns to the user: stake × (1 + payout rate), the winnings rounded down. */
export function orderWinPayoutMinor(amountMinor: bigint, payoutRateBp: number): bigint {
  return amountMinor + (amountMinor * BigInt(payoutRateBp)) / BP_PER_ONE;
}

/**
 * A rate as the API writes it ("0.01", "0.85") in basis points (100, 8500); null when it is not a
 * plain decimal with at most 4 places.
 */
export function parseRateBp(rate: string): number | null {
  const text = rate.trim();
  if (!RATE_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/**
 * Every error order/create refuses an order with, in the order the rules are applied: the first
 * rule an order breaks is the one it is told. The server decides (orders/placement-decision.ts);
 * the screens may name the same rules before sending.
 */
export const ORDER_REFUSALS = [
  'idempotency_key_reused_with_other_body',
  'product_not_found',
  'order_period_unavailable',
  'order_stake_out_of_range',
  'order_stake_above_limit',
  'self_excluded',
  'self_limit_order_stake',
  'self_limit_stake',
  'self_limit_loss',
  'market_stale',
  'order_limit_reached',
  'exposure_limit_reached',
  'insufficient_balance',
] as const satisfies readonly ErrorName[];

export type OrderRefusal = (typeof ORDER_REFUSALS)[number];
