import { z } from 'zod';
import { localizedNameSchema } from './product-names.js';

/** DESIGN.md 6.4: products, quotes and candles. Prices are decimal strings in the API. */

export const PRODUCT_CATEGORIES = ['stock', 'forex', 'crypto', 'metal'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const INTERVAL_SECONDS: Record<KlineInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
};

export const SYMBOL_PATTERN = /^[A-Z0-9]{2,16}$/;
export const symbolSchema = z
  .string({ error: 'symbol_required' })
  .trim()
  .toUpperCase()
  .regex(SYMBOL_PATTERN, 'symbol_invalid');

export const tradingPeriodSchema = z.object({
  seconds: z.number().int(),
  /** The payout on a win, as a share of the stake: "0.85" pays stake × 1.85. */
  payoutRate: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
});
export type TradingPeriod = z.infer<typeof tradingPeriodSchema>;

export const productSchema = z.object({
  symbol: z.string(),
  /** The name in the request's language (English where that language is not written). */
  name: z.string(),
  /** The name in every language, so a screen switches language without asking again. */
  nameI18n: localizedNameSchema,
  category: z.enum(PRODUCT_CATEGORIES),
  /** Decimal places prices are shown with. */
  pricePrecision: z.number().int(),
  periods: z.array(tradingPeriodSchema),
  /** The fee as a share of the stake: "0.01" is 1 %. */
  feeRate: z.string(),
  /** Where this product's prices come from: "simulated" (the built-in random walk) or "live" (an exchange's trade stream). */
  source: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** A product with its latest quote, for lists. */
export const quoteSchema = productSchema.extend({
  last: z.string().nullable(),
  open24h: z.string().nullable(),
  change24h: z.string().nullable(),
  /** Percent with two decimals, e.g. "-1.25". */
  changePercent24h: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const productListRequestSchema = z.strictObject({ category: z.enum(PRODUCT_CATEGORIES).optional() });
export const productDetailsRequestSchema = z.strictObject({ symbol: symbolSchema });

export const tickSchema = z.object({ time: z.string(), price: z.string() });
export type Tick = z.infer<typeof tickSchema>;

export const turnoverSchema = z.object({
  symbol: z.string(),
  source: z.string(),
  last: z.string().nullable(),
  open: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  change: z.string().nullable(),
  changePercent: z.string().nullable(),
  volume: z.string(),
  /** The most recent recorded ticks, newest last. */
  ticks: z.array(tickSchema),
});
export type Turnover = z.infer<typeof turnoverSchema>;

export const klineRequestSchema = z.strictObject({
  symbol: symbolSchema,
  interval: z.enum(KLINE_INTERVALS, { error: 'interval_invalid' }),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
  /** Unix seconds: candles that open before this time. */
  before: z.coerce.number().int().positive().optional(),
});
export type KlineRequest = z.infer<typeof klineRequestSchema>;

/** A candle: time is its open time in Unix seconds (lightweight-charts' format). */
export const candleSchema = z.object({
  time: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string(),
});
export type Candle = z.infer<typeof candleSchema>;

// Timed orders (buy rise / buy fall)

export const ORDER_DIRECTIONS = ['up', 'down'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];
/** open until the end time; then won, lost, tie (stake back), or void (no usable tick: stake and fee back). */
export const ORDER_STATUSES = ['open', 'won', 'lost', 'tie', 'void'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Which balance an order is placed with (issue 14): the real one, or the practice one (its own
 * currency, PUSDT). Optional everywhere, default real, so the spec's reference client is unchanged.
 */
export const ORDER_ACCOUNTS = ['real', 'practice'] as const;
export type OrderAccount = (typeof ORDER_ACCOUNTS)[number];
export const orderAccountSchema = z.enum(ORDER_ACCOUNTS, { error: 'invalid' });

export const createOrderRequestSchema = z.strictObject({
  symbol: symbolSchema,
  direction: z.enum(ORDER_DIRECTIONS, { error: 'direction_invalid' }),
  amount: z
    .string({ error: 'amount_required' })
    .trim()
    .min(1, 'amount_required')
    .regex(/^(0|[1-9]\d{0,14})(\.\d{1,6})?$/, 'amount_invalid'),
  period: z.number({ error: 'period_invalid' }).int('period_invalid').positive('period_invalid'),
  account: orderAccountSchema.optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const orderTickSchema = z.object({ time: z.string(), price: z.string() });

export const orderSchema = z.object({
  /** The order number users quote. */
  id: z.string(),
  symbol: z.string(),
  /** The product's name in the request's language. */
  productName: z.string(),
  productNameI18n: localizedNameSchema,
  direction: z.enum(ORDER_DIRECTIONS),
  amount: z.string(),
  fee: z.string(),
  payoutRate: z.string(),
  period: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** Accepted by the server (creation time). */
  createdAt: z.string(),
  /** Acceptance + period. */
  endTime: z.string(),
  /**
   * The entry tick: the first tick recorded strictly after acceptance (DESIGN.md 6.4). null while the
   * order is open and waiting for it: order/create answers at acceptance, before it exists, and the
   * entry follows as an `order` event on /api/ws and in hold_list (see `orderAwaitsEntry`). A void
   * order may have none either.
   */
  entry: orderTickSchema.nullable(),
  exit: orderTickSchema.nullable(),
  lowest: z.string().nullable(),
  highest: z.string().nullable(),
  /** Money returned to `available` at settlement (stake × (1 + rate) on a win, the stake on a tie). */
  payout: z.string().nullable(),
  /** payout − stake − fee: what the order made or lost. */
  profit: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** The user's available balance right after the order was placed. */
  balanceAfter: z.string().nullable(),
  source: z.string(),
  /** Which balance it was placed with (issue 14); the server always says, older fixtures may not. */
  account: z.enum(ORDER_ACCOUNTS).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * "Waiting for entry": accepted (stake and fee taken), its entry tick not recorded yet. It comes
 * within about a second; without one in 5 s the order is void and stake and fee return.
 */
export function orderAwaitsEntry(order: Pick<Order, 'status' | 'entry'>): boolean {
  return order.status === 'open' && order.entry === null;
}

/** An open order with what the screen needs live. */
export const heldOrderSchema = orderSchema.extend({
  currentPrice: z.string().nullable(),
  secondsLeft: z.number().int(),
  /** Would the order win if it ended now ('tie' when equal). */
  wouldWin: z.enum(['win', 'lose', 'tie']).nullable(),
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;

export const orderListRequestSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  symbol: symbolSchema.optional(),
  status: z.enum(['won', 'lost', 'tie', 'void']).optional(),
  direction: z.enum(ORDER_DIRECTIONS).optional(),
  account: orderAccountSchema.optional(),
});

/** order/hold_list: the open orders of one account (default real). */
export const holdListRequestSchema = z.strictObject({ account: orderAccountSchema.optional() });

export const productOrdersRequestSchema = z.strictObject({
  symbol: symbolSchema,
  account: orderAccountSchema.optional(),
});

/** Order numbers are the ids the API answers with: decimal digits, within JavaScript's safe integers. */
export const orderDetailRequestSchema = z.strictObject({
  id: z
    .string({ error: 'order_id_required' })
    .trim()
    .min(1, 'order_id_required')
    .regex(/^[1-9]\d{0,14}$/, 'order_id_invalid'),
});
export type OrderDetailRequest = z.infer<typeof orderDetailRequestSchema>;
