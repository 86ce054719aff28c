import { z } from 'zod';
import { pageRequestSchema } from './common.js';
import { AMOUNT_MINOR_MAX, amountSchema, isAmountText, moneySchema, parseAmount } from './money.js';
import { localizedNameInputSchema, localizedNameSchema, PRODUCT_NAME_LENGTH_MAX } from './product-names.js';
import { twoFactorCodeField } from './two-factor.js';
import { payPasswordSchema } from './users.js';

/**
 * Locked deposits (DESIGN.md 6.5, the spec's `wealth/*`): a product locks an amount of USDT for a
 * cycle of days and pays a daily rate on it. Rates cross the API as decimal strings ("0.005" is
 * 0.5 % a day) with at most 6 decimals, and live as integers of parts per million.
 */

export const WEALTH_ORDER_STATUSES = ['earning', 'complete'] as const;
export type WealthOrderStatus = (typeof WEALTH_ORDER_STATUSES)[number];

export const WEALTH_CYCLE_DAYS_MAX = 3_650;
/** Daily rates above 10 % are refused: certainly a typo. */
export const WEALTH_DAILY_RATE_PPM_MAX = 100_000;
const PPM = 1_000_000n;

const RATE_PATTERN = /^(0|[1-9]\d{0,2})(\.\d{1,6})?$/;

/** "0.005" → 5000 (parts per million); null when it is not a plain decimal with ≤ 6 places. */
export function parseRatePpm(rate: string): number | null {
  const text = rate.trim();
  if (!RATE_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

/** 5000 → "0.005". */
export function formatRatePpm(ppm: number): string {
  const whole = Math.floor(ppm / 1_000_000);
  const fraction = String(ppm % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * One day's interest on `amountMinor` at `ratePpm`, rounded down to the minor unit. Every interest
 * day of an order pays exactly this, so a quote of `cycleDays × dailyInterest` is what gets paid.
 */
export function dailyInterestMinor(amountMinor: bigint, ratePpm: number): bigint {
  return (amountMinor * BigInt(ratePpm)) / PPM;
}

const productIdSchema = z
  .union([z.string(), z.number()], { error: 'wealth_product_required' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,18}$/.test(v), 'wealth_product_required');

// wealth/getList, wealth/details

export const wealthProductSchema = z.object({
  id: z.string(),
  /** The name in the request's language (English where that language is not written). */
  name: z.string(),
  /** The name in every language, so a screen switches language without asking again. */
  nameI18n: localizedNameSchema,
  currency: z.string(),
  cycleDays: z.number().int(),
  dailyRate: z.string(),
  minAmount: moneySchema,
  /** The most one user may hold in this product at once (their earning orders). */
  maxPerUser: moneySchema,
  quotaTotal: moneySchema,
  quotaRemaining: moneySchema,
});
export type WealthProduct = z.infer<typeof wealthProductSchema>;

export const wealthListRequestSchema = z.strictObject({});
export const wealthDetailsQuerySchema = z.strictObject({ id: productIdSchema });

// wealth/buy (a quote) and wealth/submit

export const wealthBuyRequestSchema = z.strictObject({ productId: productIdSchema, amount: amountSchema() });
export type WealthBuyRequest = z.infer<typeof wealthBuyRequestSchema>;

export const wealthSubmitRequestSchema = wealthBuyRequestSchema.extend({
  payPassword: payPasswordSchema,
  ...twoFactorCodeField,
});
export type WealthSubmitRequest = z.infer<typeof wealthSubmitRequestSchema>;

/**
 * The terms of a purchase made today. Dates are platform dates (`YYYY-MM-DD`): interest is earned
 * for each date from `startDate` to `endDate` (`cycleDays` of them) and paid at the 00:00 that ends
 * the date; `maturesAt` (00:00 after `endDate`) pays the last day's interest and returns the principal.
 */
export const wealthQuoteSchema = z.object({
  productId: z.string(),
  /** The product's name as sold, in the request's language. */
  productName: z.string(),
  productNameI18n: localizedNameSchema,
  amount: moneySchema,
  cycleDays: z.number().int(),
  dailyRate: z.string(),
  dailyInterest: moneySchema,
  estimatedEarnings: moneySchema,
  purchaseDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  maturesAt: z.string(),
});
export type WealthQuote = z.infer<typeof wealthQuoteSchema>;

// wealth/orders

export const wealthOrdersRequestSchema = pageRequestSchema.extend({
  status: z.enum(WEALTH_ORDER_STATUSES, { error: 'invalid' }).optional(),
});
export type WealthOrdersRequest = z.infer<typeof wealthOrdersRequestSchema>;

export const wealthOrderSchema = wealthQuoteSchema.extend({
  id: z.string(),
  status: z.enum(WEALTH_ORDER_STATUSES),
  /** Interest paid so far. */
  accruedProfit: moneySchema,
  daysPaid: z.number().int(),
  daysLeft: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type WealthOrder = z.infer<typeof wealthOrderSchema>;

// wealth/revenue: the revenue record (principal, profit, expenditure) from the user's postings

export const WEALTH_REVENUE_TYPES = ['principal', 'profit', 'expenditure'] as const;
export type WealthRevenueType = (typeof WEALTH_REVENUE_TYPES)[number];

export const wealthRevenueRequestSchema = pageRequestSchema.extend({
  type: z.enum(WEALTH_REVENUE_TYPES, { error: 'invalid' }).optional(),
});
export type WealthRevenueRequest = z.infer<typeof wealthRevenueRequestSchema>;

export const wealthRevenueEntrySchema = z.object({
  id: z.string(),
  type: z.enum(WEALTH_REVENUE_TYPES),
  /** Signed, as it moved the available balance: expenditure is negative. */
  amount: moneySchema,
  orderId: z.string(),
  createdAt: z.string(),
});
export type WealthRevenueEntry = z.infer<typeof wealthRevenueEntrySchema>;

// Back office

const limitAmountSchema = z
  .string({ error: 'limit_amount_invalid' })
  .trim()
  .refine((v) => isAmountText(v) && parseAmount(v) > 0n && parseAmount(v) <= AMOUNT_MINOR_MAX, 'limit_amount_invalid');

const wealthProductFields = {
  /** The English name alone (the back office before names had three languages); `nameI18n` wins. */
  name: z
    .string({ error: 'product_name_required' })
    .trim()
    .min(1, 'product_name_required')
    .max(PRODUCT_NAME_LENGTH_MAX, 'text_too_long'),
  /** The name in the three languages: English required, an empty vn or zn shows the English one. */
  nameI18n: localizedNameInputSchema,
  cycleDays: z
    .number({ error: 'cycle_days_invalid' })
    .int('cycle_days_invalid')
    .min(1, 'cycle_days_invalid')
    .max(WEALTH_CYCLE_DAYS_MAX, 'cycle_days_invalid'),
  dailyRate: z
    .string({ error: 'daily_rate_invalid' })
    .trim()
    .refine((v) => {
      const ppm = parseRatePpm(v);
      return ppm !== null && ppm > 0 && ppm <= WEALTH_DAILY_RATE_PPM_MAX;
    }, 'daily_rate_invalid'),
  minAmount: limitAmountSchema,
  maxPerUser: limitAmountSchema,
  quotaTotal: limitAmountSchema,
  enabled: z.boolean({ error: 'invalid' }),
  sort: z.number({ error: 'sort_invalid' }).int('sort_invalid').min(0, 'sort_invalid').max(10_000, 'sort_invalid'),
};

const checkLimits = (
  v: { minAmount?: string; maxPerUser?: string; quotaTotal?: string },
  ctx: z.RefinementCtx,
): void => {
  const amount = (text?: string) => (text !== undefined && isAmountText(text) ? parseAmount(text) : null);
  const min = amount(v.minAmount);
  const max = amount(v.maxPerUser);
  if (min !== null && max !== null && min > max) {
    ctx.addIssue({ code: 'custom', path: ['minAmount'], message: 'wealth_min_above_max' });
  }
};

/** A new product needs a name: `nameI18n`, or the English `name` alone. */
const checkNamed = (v: { name?: string; nameI18n?: unknown }, ctx: z.RefinementCtx): void => {
  if (v.name === undefined && v.nameI18n === undefined) {
    ctx.addIssue({ code: 'custom', path: ['nameI18n', 'en'], message: 'product_name_en_required' });
  }
};

export const createWealthProductRequestSchema = z
  .strictObject({
    ...wealthProductFields,
    name: wealthProductFields.name.optional(),
    nameI18n: wealthProductFields.nameI18n.optional(),
    enabled: wealthProductFields.enabled.default(true),
    sort: wealthProductFields.sort.default(0),
  })
  .superRefine(checkLimits)
  .superRefine(checkNamed);
export type CreateWealthProductRequest = z.infer<typeof createWealthProductRequestSchema>;

/** Every field optional; the cycle and rate of orders already sold never change (they keep their own). */
export const updateWealthProductRequestSchema = z
  .strictObject({
    name: wealthProductFields.name.optional(),
    nameI18n: wealthProductFields.nameI18n.optional(),
    cycleDays: wealthProductFields.cycleDays.optional(),
    dailyRate: wealthProductFields.dailyRate.optional(),
    minAmount: wealthProductFields.minAmount.optional(),
    maxPerUser: wealthProductFields.maxPerUser.optional(),
    quotaTotal: wealthProductFields.quotaTotal.optional(),
    enabled: wealthProductFields.enabled.optional(),
    sort: wealthProductFields.sort.optional(),
  })
  .superRefine(checkLimits);
export type UpdateWealthProductRequest = z.infer<typeof updateWealthProductRequestSchema>;

/** `nameI18n` as stored: an empty vn or zn is a language not written (the app shows the English name). */
export const adminWealthProductSchema = wealthProductSchema.extend({
  enabled: z.boolean(),
  sort: z.number().int(),
  soldAmount: moneySchema,
  earningOrders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminWealthProduct = z.infer<typeof adminWealthProductSchema>;

export const adminWealthOrderListRequestSchema = pageRequestSchema.extend({
  status: z.enum(WEALTH_ORDER_STATUSES, { error: 'invalid' }).optional(),
  productId: z
    .string()
    .regex(/^\d{1,18}$/, 'invalid')
    .optional(),
  userId: z
    .string()
    .regex(/^\d{1,18}$/, 'invalid')
    .optional(),
});
export type AdminWealthOrderListRequest = z.infer<typeof adminWealthOrderListRequestSchema>;

export const adminWealthOrderSchema = wealthOrderSchema.extend({ userId: z.string(), username: z.string() });
export type AdminWealthOrder = z.infer<typeof adminWealthOrderSchema>;
