import { z } from 'zod';
import { clientTokenFields, pageRequestSchema, pageSchema } from './common.js';
import { amountSchema, moneySchema } from './money.js';
import { twoFactorCodeField } from './two-factor.js';
import { payPasswordSchema } from './users.js';

/**
 * Flexible earn, the spec's "DeFi orders" (DESIGN.md 6.5): the user moves in-app money between
 * `available` and `earn_flexible` at any time. Each platform day earns interest on the LOWEST
 * `earn_flexible` balance held through that day, at the daily rate in force for that day, rounded
 * down to the minor unit and paid to `available` at 00:00 platform time (paid out, not compounded,
 * like locked deposits, so the held amount only changes when the user moves it).
 */

/** The smallest subscription; a redemption may be any amount up to what is held. */
export const FLEXIBLE_SUBSCRIBE_MIN = '1';

/**
 * Daily rates cross the API as a percent per day ("0.02" = 0.02 % a day) with at most 6 decimals,
 * and are stored as integers of 10^-8 of the principal per day (rate × 10^8), so interest is
 * `floor(balance × rateE8 / 10^8)` in integers.
 */
export const DAILY_RATE_PERCENT_DECIMALS = 6;
/** 1 % a day: a cap that catches a typo (a rate entered as a yearly figure). */
export const DAILY_RATE_PERCENT_MAX = '1';
const RATE_PERCENT_PATTERN = /^(0|[1-9]\d{0,2})(\.\d{1,6})?$/;
const E8_PER_PERCENT = 1_000_000n;

export function isDailyRatePercentText(text: string): boolean {
  return RATE_PERCENT_PATTERN.test(text);
}

/** "0.02" (percent a day) → 20000n (rate × 10^8). */
export function parseDailyRatePercent(text: string): bigint {
  if (!isDailyRatePercentText(text)) throw new RangeError(`not a rate: ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * E8_PER_PERCENT + BigInt(fraction.padEnd(DAILY_RATE_PERCENT_DECIMALS, '0'));
}

/** 20000n → "0.02". */
export function formatDailyRatePercent(rateE8: bigint): string {
  const whole = rateE8 / E8_PER_PERCENT;
  const fraction = (rateE8 % E8_PER_PERCENT).toString().padStart(DAILY_RATE_PERCENT_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** One day's interest: the lowest balance × the day's rate, rounded down to the minor unit. */
export function flexibleInterestMinor(lowestBalanceMinor: bigint, rateE8: bigint): bigint {
  if (lowestBalanceMinor <= 0n || rateE8 <= 0n) return 0n;
  return (lowestBalanceMinor * rateE8) / 100_000_000n;
}

export const FLEXIBLE_ACTIONS = ['subscribe', 'redeem'] as const;
export type FlexibleAction = (typeof FLEXIBLE_ACTIONS)[number];

// Defi/orderMoney

export const flexibleOrderMoneyRequestSchema = z.strictObject({
  action: z.enum(FLEXIBLE_ACTIONS, { error: 'invalid' }),
  amount: amountSchema(),
  payPassword: payPasswordSchema,
  ...twoFactorCodeField,
  ...clientTokenFields,
});
export type FlexibleOrderMoneyRequest = z.infer<typeof flexibleOrderMoneyRequestSchema>;

export const flexibleOrderSchema = z.object({
  id: z.string(),
  action: z.enum(FLEXIBLE_ACTIONS),
  amount: moneySchema,
  /** What the user holds in flexible earn after this move. */
  heldAfter: moneySchema,
  createdAt: z.string(),
});
export type FlexibleOrder = z.infer<typeof flexibleOrderSchema>;

// Defi/myOrder

export const flexibleMyOrderRequestSchema = pageRequestSchema.extend(clientTokenFields);
export type FlexibleMyOrderRequest = z.infer<typeof flexibleMyOrderRequestSchema>;

export const FLEXIBLE_HISTORY_TYPES = ['subscribe', 'redeem', 'interest'] as const;
export type FlexibleHistoryType = (typeof FLEXIBLE_HISTORY_TYPES)[number];

export const flexibleHistoryItemSchema = z.object({
  /** Unique within the history: `o<order id>` or `i<user>-<day>`. */
  id: z.string(),
  type: z.enum(FLEXIBLE_HISTORY_TYPES),
  amount: moneySchema,
  /** Interest only: the platform day it was earned for, its lowest balance and rate. */
  day: z.string().nullable(),
  lowestBalance: moneySchema.nullable(),
  dailyRatePercent: z.string().nullable(),
  createdAt: z.string(),
});
export type FlexibleHistoryItem = z.infer<typeof flexibleHistoryItemSchema>;

export const flexibleMyOrderSchema = z.object({
  currency: z.literal('USDT'),
  held: moneySchema,
  /** Interest paid for the platform day before today ("0" until it is paid). */
  yesterdayProfit: moneySchema,
  totalProfit: moneySchema,
  /** The rate in force today, percent a day. */
  dailyRatePercent: z.string(),
  /** A rate set for a later day, when there is one. */
  nextDailyRatePercent: z.string().nullable(),
  nextRateFrom: z.string().nullable(),
  /** What `available` holds: the most a subscription can take. */
  available: moneySchema,
  subscribeMin: moneySchema,
  platformTimeZone: z.string(),
  history: pageSchema(flexibleHistoryItemSchema),
});
export type FlexibleMyOrder = z.infer<typeof flexibleMyOrderSchema>;

// Back office

export const flexibleRateSchema = z.object({
  id: z.string(),
  dailyRatePercent: z.string(),
  /** The first platform day it applies to (`YYYY-MM-DD`). */
  effectiveFrom: z.string(),
  adminUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type FlexibleRate = z.infer<typeof flexibleRateSchema>;

export const flexibleRateListRequestSchema = pageRequestSchema;

export const setFlexibleRateRequestSchema = z.strictObject({
  dailyRatePercent: z
    .string({ error: 'flexible_rate_invalid' })
    .trim()
    .refine(isDailyRatePercentText, 'flexible_rate_invalid')
    .refine(
      (v) => !isDailyRatePercentText(v) || parseDailyRatePercent(v) <= parseDailyRatePercent(DAILY_RATE_PERCENT_MAX),
      'flexible_rate_invalid',
    ),
  /** A platform day after today; defaults to tomorrow. A day already begun never changes its rate. */
  effectiveFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
    .optional(),
});
export type SetFlexibleRateRequest = z.infer<typeof setFlexibleRateRequestSchema>;

export const flexibleSummarySchema = z.object({
  dailyRatePercent: z.string(),
  nextDailyRatePercent: z.string().nullable(),
  nextRateFrom: z.string().nullable(),
  today: z.string(),
  platformTimeZone: z.string(),
  totalHeld: moneySchema,
  holders: z.number().int(),
  totalInterestPaid: moneySchema,
  yesterdayInterestPaid: moneySchema,
  /** The latest platform day whose interest has been paid to everyone, or null. */
  lastPaidDay: z.string().nullable(),
  /** Day rows of ended days still waiting for the job (0 when it is up to date). */
  daysPending: z.number().int(),
});
export type FlexibleSummary = z.infer<typeof flexibleSummarySchema>;
