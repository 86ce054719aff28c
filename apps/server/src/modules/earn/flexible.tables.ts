import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Flexible earn (DESIGN.md 6.5). The money is in the ledger (`earn_flexible`); these tables keep the
 * user's moves, one row per user per platform day with the lowest balance held through it, and the
 * history of daily rates. Only flexible.service.ts and flexible-accrual.ts write them.
 */
export const flexibleOrders = pgTable(
  'flexible_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    action: text('action', { enum: ['subscribe', 'redeem'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    heldAfter: bigint('held_after', { mode: 'bigint' }).notNull(),
    /** The client's Idempotency-Key (or a fresh one): a repeated request finds this row. */
    requestKey: text('request_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flexible_orders_request_key').on(t.userId, t.requestKey),
    index('flexible_orders_user_idx').on(t.userId, t.id),
    check('flexible_orders_action', sql`${t.action} IN ('subscribe', 'redeem')`),
    check('flexible_orders_amount', sql`${t.amount} > 0 AND ${t.heldAfter} >= 0`),
  ],
);

/**
 * One row per user per platform day that they held (or moved) flexible money. A move updates the
 * day's row (lowest = least(lowest, balance after)); the daily job pays interest on `lowest_balance`
 * of a day that has ended, then opens the next day's row with the closing balance, so a user who does
 * nothing holds their balance all day. Unique per (user, day): a day is paid once.
 */
export const flexibleDays = pgTable(
  'flexible_days',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    openingBalance: bigint('opening_balance', { mode: 'bigint' }).notNull(),
    lowestBalance: bigint('lowest_balance', { mode: 'bigint' }).notNull(),
    closingBalance: bigint('closing_balance', { mode: 'bigint' }).notNull(),
    /** Set when the day is paid: the rate used (× 10^8) and the interest (minor units). */
    rateE8: bigint('rate_e8', { mode: 'bigint' }),
    interest: bigint('interest', { mode: 'bigint' }),
    accruedAt: timestamp('accrued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('flexible_days_user_day').on(t.userId, t.day),
    index('flexible_days_due_idx').on(t.day, t.userId).where(sql`${t.accruedAt} IS NULL`),
    index('flexible_days_paid_idx').on(t.day).where(sql`${t.interest} > 0`),
    check(
      'flexible_days_balances',
      sql`${t.openingBalance} >= 0 AND ${t.lowestBalance} >= 0 AND ${t.closingBalance} >= 0 AND ${t.lowestBalance} <= ${t.openingBalance} AND ${t.lowestBalance} <= ${t.closingBalance}`,
    ),
    check('flexible_days_interest', sql`${t.interest} IS NULL OR ${t.interest} >= 0`),
  ],
);

/**
 * Daily rates, append-only history. The rate of day D is the row with the latest `effective_from`
 * ≤ D (the newest row on ties). New rates start tomorrow at the earliest, so a day already begun
 * never changes its rate.
 */
export const flexibleRates = pgTable(
  'flexible_rates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    rateE8: bigint('rate_e8', { mode: 'bigint' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }),
    adminUsername: text('admin_username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flexible_rates_effective_idx').on(t.effectiveFrom, t.id),
    check('flexible_rates_rate', sql`${t.rateE8} >= 0 AND ${t.rateE8} <= 1000000`),
  ],
);
