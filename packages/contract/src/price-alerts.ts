import { z } from 'zod';
import { symbolSchema } from './markets.js';

/**
 * The watchlist and price alerts (issue 15). Favourites are symbols a user starred; an alert fires
 * once, from the ticks the server records, then turns off until the user arms it again.
 *
 * | kind | fires on the first recorded tick after arming where |
 * | --- | --- |
 * | `above` | price ≥ level (armed only while the price is below the level) |
 * | `below` | price ≤ level (armed only while the price is above the level) |
 * | `move` | the price differs by ≥ percent % from its price `windowSeconds` earlier (or at arming, if later) |
 */
export const PRICE_ALERT_KINDS = ['above', 'below', 'move'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];

/** The periods a move alert measures over: 5 min, 1 h, 24 h. */
export const PRICE_ALERT_WINDOWS_SECONDS = [300, 3600, 86_400] as const;

/** Alerts one user may keep (armed or not). */
export const PRICE_ALERTS_PER_USER_MAX = 50;
/** Favourites one user may keep (every product fits). */
export const WATCHLIST_SIZE_MAX = 200;

/** A positive plain decimal (the server rounds it to the product's precision). */
const levelSchema = z
  .string({ error: 'invalid' })
  .trim()
  .regex(/^\d{1,12}(?:\.\d{1,8})?$/, 'invalid')
  .refine((text) => /[1-9]/.test(text), 'invalid');
/** A percent with at most two decimals, 0.01 to 100. */
const percentSchema = z
  .string({ error: 'invalid' })
  .trim()
  .regex(/^\d{1,3}(?:\.\d{1,2})?$/, 'invalid')
  .refine((text) => Number(text) >= 0.01 && Number(text) <= 100, 'invalid');

const idSchema = z.string({ error: 'invalid' }).regex(/^\d{1,15}$/, 'invalid');

export const watchlistSchema = z.object({ symbols: z.array(z.string()) });
export type Watchlist = z.infer<typeof watchlistSchema>;
export const watchlistChangeRequestSchema = z.strictObject({ symbol: symbolSchema });

export const createPriceAlertRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('above'), symbol: symbolSchema, price: levelSchema }),
    z.strictObject({ kind: z.literal('below'), symbol: symbolSchema, price: levelSchema }),
    z.strictObject({
      kind: z.literal('move'),
      symbol: symbolSchema,
      percent: percentSchema,
      windowSeconds: z.union([z.literal(300), z.literal(3600), z.literal(86_400)], { error: 'invalid' }),
    }),
  ],
  { error: 'invalid' },
);
export type CreatePriceAlertRequest = z.infer<typeof createPriceAlertRequestSchema>;

export const priceAlertSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(PRICE_ALERT_KINDS),
  /** above / below: the level, at the product's precision; null for a move alert. */
  price: z.string().nullable(),
  /** move: the percent; null otherwise. */
  percent: z.string().nullable(),
  windowSeconds: z.number().int().nullable(),
  /** The price when the alert was (last) armed. */
  referencePrice: z.string(),
  isEnabled: z.boolean(),
  armedAt: z.string(),
  /** The last time it fired, with the tick's price; it turned off then. */
  triggeredAt: z.string().nullable(),
  triggeredPrice: z.string().nullable(),
  createdAt: z.string(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const priceAlertListRequestSchema = z.strictObject({ symbol: symbolSchema.optional() });
export const priceAlertListSchema = z.object({ list: z.array(priceAlertSchema), max: z.number().int() });
export type PriceAlertList = z.infer<typeof priceAlertListSchema>;

export const priceAlertIdRequestSchema = z.strictObject({ id: idSchema });
export const setPriceAlertEnabledRequestSchema = z.strictObject({
  id: idSchema,
  enabled: z.boolean({ error: 'invalid' }),
});
