import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The watchlist and price alerts (issue 15). Prices are the markets' scaled integers (10^8). Only
 * this module writes these tables; the ticks it watches are read through the markets module.
 */

/** The products a user starred. */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

/**
 * One alert. Armed while `isEnabled` and `triggeredAt` is null; firing sets `triggeredAt` (once: the
 * update is conditional on it being null and on the same `armedAt`) and turns it off; re-arming
 * clears it and stamps a new `armedAt` and `referencePrice`.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    kind: text('kind', { enum: ['above', 'below', 'move'] }).notNull(),
    /** above / below: the level (scaled price). */
    level: bigint('level', { mode: 'bigint' }),
    /** move: the percent in hundredths (0.01 % = 1). */
    percentHundredths: integer('percent_hundredths'),
    windowSeconds: integer('window_seconds'),
    /** The newest recorded price when it was armed. */
    referencePrice: bigint('reference_price', { mode: 'bigint' }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    armedAt: timestamp('armed_at', { withTimezone: true, precision: 3 }).notNull(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true, precision: 3 }),
    triggeredPrice: bigint('triggered_price', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_armed_idx').on(t.symbol).where(sql`${t.isEnabled} AND ${t.triggeredAt} IS NULL`),
  ],
);

/**
 * Per symbol, the time of the newest tick the evaluator has looked at: after a restart it goes on
 * from there rather than reading every tick since the oldest armed alert.
 */
export const priceAlertCursors = pgTable('price_alert_cursors', {
  symbol: text('symbol').primaryKey(),
  checkedThrough: timestamp('checked_through', { withTimezone: true, precision: 3 }).notNull(),
});

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
