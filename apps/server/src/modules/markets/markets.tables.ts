import type { PeriodRule } from '@app/contract/order-rules';
import type { LocalizedName } from '@app/contract/product-names';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.js';

/**
 * Markets (DESIGN.md 6.4). Prices are integers scaled by 10^8 (PRICE_SCALE); stakes are USDT minor
 * units. Only the markets module writes these tables, and nothing ever updates a recorded tick; ticks
 * are deleted only past the retention, oldest first, so each symbol's hash chain stays verifiable.
 */

export type { PeriodRule };

export const products = pgTable('products', {
  symbol: text('symbol').primaryKey(),
  /** The English name; always equal to `nameI18n.en` (the service writes both). */
  name: text('name').notNull(),
  /** `{ en, vn, zn }` as announcements store texts; an empty vn or zn reads as the English name. */
  nameI18n: jsonb('name_i18n').$type<LocalizedName>().notNull(),
  category: text('category', { enum: ['stock', 'forex', 'crypto', 'metal'] }).notNull(),
  pricePrecision: integer('price_precision').notNull(),
  /** Annualised volatility of the simulated walk (a model parameter, not money). */
  volatility: doublePrecision('volatility').notNull(),
  startPrice: bigint('start_price', { mode: 'bigint' }).notNull(),
  periods: jsonb('periods').$type<PeriodRule[]>().notNull(),
  feeRateBp: integer('fee_rate_bp').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ticks = pgTable(
  'ticks',
  {
    symbol: text('symbol').notNull(),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    /**
     * The tick's place in its symbol's hash chain (issue 13, docs/provably-fair.md), set by the
     * database on insert (drizzle/functions/ticks_chain.sql), whatever the writer passes: the hash of
     * the symbol's previous tick (32 zero bytes for the first) and SHA-256(prevHash ‖ "symbol|timeMs|price").
     * Null only on ticks recorded before the chain existed.
     */
    prevHash: bytea('prev_hash'),
    hash: bytea('hash'),
    /**
     * The exchange's id of the trade whose price this tick is, for a product fed by a trade stream
     * (MARKET_STREAM_URL), so that anyone can find it among the exchange's public trades; null for
     * a simulated tick (its price is the committed path's, docs/provably-fair.md).
     */
    tradeId: text('trade_id'),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.time] }), index('ticks_time_idx').on(t.time)],
);

export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    /** Unix seconds of the candle's open. */
    openTime: bigint('open_time', { mode: 'number' }).notNull(),
    open: bigint('open', { mode: 'bigint' }).notNull(),
    high: bigint('high', { mode: 'bigint' }).notNull(),
    low: bigint('low', { mode: 'bigint' }).notNull(),
    close: bigint('close', { mode: 'bigint' }).notNull(),
    volume: bigint('volume', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.openTime] })],
);
