import { z } from 'zod';
import { pageRequestSchema } from './common.js';
import {
  ORDER_ACCOUNTS,
  ORDER_DIRECTIONS,
  ORDER_STATUSES,
  orderSchema,
  productSchema,
  SYMBOL_PATTERN,
} from './markets.js';
import { AMOUNT_MINOR_MAX, isAmountText, parseAmount } from './money.js';
import { parseRateBp } from './order-rules.js';
import { localizedNameInputSchema, PRODUCT_NAME_LENGTH_MAX } from './product-names.js';

/**
 * Back office of markets and timed orders (DESIGN.md 8): the trading rules of each product, the
 * risk limits of timed orders, and a read-only view of orders. Nothing here edits prices, ticks,
 * candles or orders.
 */

export const PERIOD_SECONDS_MIN = 10;
export const PERIOD_SECONDS_MAX = 86_400;
export const PERIODS_PER_PRODUCT_MAX = 20;
/** Fee rates are a share of the stake, at most 10 %. */
export const FEE_RATE_BP_MAX = 1_000;

const rateSchema = (message: string, isInRange: (bp: number) => boolean) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => {
      const bp = parseRateBp(v);
      return bp !== null && isInRange(bp);
    }, message);

/** A stake bound in USDT: above zero, at most 6 decimals. */
const stakeSchema = z
  .string({ error: 'stake_invalid' })
  .trim()
  .refine((v) => isAmountText(v) && parseAmount(v) > 0n && parseAmount(v) <= AMOUNT_MINOR_MAX, 'stake_invalid');

export const periodRuleInputSchema = z.strictObject({
  seconds: z
    .number({ error: 'period_seconds_invalid' })
    .int('period_seconds_invalid')
    .min(PERIOD_SECONDS_MIN, 'period_seconds_invalid')
    .max(PERIOD_SECONDS_MAX, 'period_seconds_invalid'),
  /** The payout on a win as a share of the stake: above 0, at most 1, at most 4 decimals. */
  payoutRate: rateSchema('payout_rate_invalid', (bp) => bp > 0 && bp <= 10_000),
  minStake: stakeSchema,
  maxStake: stakeSchema,
});
export type PeriodRuleInput = z.infer<typeof periodRuleInputSchema>;

const periodsSchema = z
  .array(periodRuleInputSchema, { error: 'periods_required' })
  .min(1, 'periods_required')
  .max(PERIODS_PER_PRODUCT_MAX, 'periods_too_many')
  .superRefine((periods, ctx) => {
    const seen = new Set<number>();
    periods.forEach((period, index) => {
      if (seen.has(period.seconds)) {
        ctx.addIssue({ code: 'custom', path: [index, 'seconds'], message: 'period_duplicate' });
      }
      seen.add(period.seconds);
      if (
        isAmountText(period.minStake) &&
        isAmountText(period.maxStake) &&
        parseAmount(period.minStake) > parseAmount(period.maxStake)
      ) {
        ctx.addIssue({ code: 'custom', path: [index, 'minStake'], message: 'stake_min_above_max' });
      }
    });
  });

/** What an operator may change on a product; every field is optional, unknown ones are refused. */
export const updateProductRequestSchema = z.strictObject({
  /** The English name alone (the back office before names had three languages); `nameI18n` wins. */
  name: z
    .string({ error: 'product_name_required' })
    .trim()
    .min(1, 'product_name_required')
    .max(PRODUCT_NAME_LENGTH_MAX, 'text_too_long')
    .optional(),
  /** The name in the three languages: English required, an empty vn or zn shows the English one. */
  nameI18n: localizedNameInputSchema.optional(),
  /** A disabled product is hidden from the app and takes no new orders; open ones settle as usual. */
  enabled: z.boolean({ error: 'invalid' }).optional(),
  sort: z
    .number({ error: 'sort_invalid' })
    .int('sort_invalid')
    .min(0, 'sort_invalid')
    .max(10_000, 'sort_invalid')
    .optional(),
  feeRate: rateSchema('fee_rate_invalid', (bp) => bp >= 0 && bp <= FEE_RATE_BP_MAX).optional(),
  periods: periodsSchema.optional(),
});
export type UpdateProductRequest = z.infer<typeof updateProductRequestSchema>;

export const symbolParamsSchema = z.strictObject({
  symbol: z.string().trim().toUpperCase().regex(SYMBOL_PATTERN, 'symbol_invalid'),
});

/** `nameI18n` as stored: an empty vn or zn is a language not written (the app shows the English name). */
export const adminProductSchema = productSchema.extend({
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The newest recorded price, or null before the first tick. */
  last: z.string().nullable(),
  lastTickAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

// Risk limits of timed orders

const limitAmountSchema = z
  .string({ error: 'amount_invalid' })
  .trim()
  .refine((v) => isAmountText(v) && parseAmount(v) > 0n && parseAmount(v) <= AMOUNT_MINOR_MAX, 'amount_invalid');

/** Limits across all users and products; a product's own min/max stake apply as well. */
export const tradingLimitsSchema = z.object({
  maxOpenOrdersPerUser: z.number().int().min(1).max(1000),
  /** The most one order may stake, whatever the product (USDT). */
  maxStakePerOrder: z.string(),
  /** The most that may be staked at once on one product and direction, all users together (USDT). */
  maxExposurePerSymbolDirection: z.string(),
});
export type TradingLimits = z.infer<typeof tradingLimitsSchema>;

export const updateTradingLimitsRequestSchema = z.strictObject({
  maxOpenOrdersPerUser: z
    .number({ error: 'open_orders_max_invalid' })
    .int('open_orders_max_invalid')
    .min(1, 'open_orders_max_invalid')
    .max(1000, 'open_orders_max_invalid'),
  maxStakePerOrder: limitAmountSchema,
  maxExposurePerSymbolDirection: limitAmountSchema,
});

// Orders, read-only

export const adminOrderListRequestSchema = pageRequestSchema.extend({
  userId: z
    .string()
    .regex(/^\d{1,18}$/, 'invalid')
    .optional(),
  symbol: z.string().trim().toUpperCase().regex(SYMBOL_PATTERN, 'symbol_invalid').optional(),
  status: z.enum(ORDER_STATUSES, { error: 'invalid' }).optional(),
  direction: z.enum(ORDER_DIRECTIONS, { error: 'direction_invalid' }).optional(),
  /** Issue 14: real or practice orders only; both when absent (each row says which). */
  account: z.enum(ORDER_ACCOUNTS, { error: 'invalid' }).optional(),
});
export type AdminOrderListRequest = z.infer<typeof adminOrderListRequestSchema>;

export const adminOrderSchema = orderSchema.extend({
  userId: z.string(),
  username: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
