import type { LocalizedName } from '@app/contract/product-names';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Locked deposits (DESIGN.md 6.5). Amounts are USDT minor units; rates are parts per million a day.
 * Only the wealth service and its accrual job write these tables; money moves through the ledger.
 * Migration 0008 also seeds the first products.
 */
export const wealthProducts = pgTable(
  'wealth_products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The English name; always equal to `nameI18n.en` (the service writes both). */
    name: text('name').notNull(),
    /** `{ en, vn, zn }` as announcements store texts; an empty vn or zn reads as the English name. */
    nameI18n: jsonb('name_i18n').$type<LocalizedName>().notNull(),
    currency: text('currency').notNull().default('USDT'),
    cycleDays: integer('cycle_days').notNull(),
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxPerUser: bigint('max_per_user', { mode: 'bigint' }).notNull(),
    quotaTotal: bigint('quota_total', { mode: 'bigint' }).notNull(),
    /** Principal sold so far; never more than the quota (a CHECK as well as the service rule). */
    soldAmount: bigint('sold_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'wealth_products_terms',
      sql`${t.cycleDays} > 0 AND ${t.dailyRatePpm} > 0 AND ${t.minAmount} > 0 AND ${t.maxPerUser} >= ${t.minAmount}`,
    ),
    check('wealth_products_quota', sql`${t.soldAmount} >= 0 AND ${t.soldAmount} <= ${t.quotaTotal}`),
  ],
);

export const wealthOrders = pgTable(
  'wealth_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => wealthProducts.id),
    /** The terms as sold: later edits of the product do not change an order. */
    productName: text('product_name').notNull(),
    productNameI18n: jsonb('product_name_i18n').$type<LocalizedName>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    cycleDays: integer('cycle_days').notNull(),
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    dailyInterest: bigint('daily_interest', { mode: 'bigint' }).notNull(),
    /** The platform date of the purchase; interest days are the `cycleDays` dates after it. */
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['earning', 'complete'] })
      .notNull()
      .default('earning'),
    daysPaid: integer('days_paid').notNull().default(0),
    interestPaid: bigint('interest_paid', { mode: 'bigint' }).notNull().default(sql`0`),
    /** When the next interest day is paid (the date after it): the accrual job's index. */
    nextPayoutDate: date('next_payout_date', { mode: 'string' }).notNull(),
    requestKey: text('request_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wealth_orders_request_key').on(t.userId, t.requestKey),
    index('wealth_orders_user_idx').on(t.userId, t.id),
    index('wealth_orders_product_user_idx').on(t.productId, t.userId).where(sql`${t.status} = 'earning'`),
    index('wealth_orders_due_idx').on(t.nextPayoutDate, t.id).where(sql`${t.status} = 'earning'`),
    check(
      'wealth_orders_amounts',
      sql`${t.amount} > 0 AND ${t.dailyInterest} >= 0 AND ${t.daysPaid} >= 0 AND ${t.daysPaid} <= ${t.cycleDays}`,
    ),
  ],
);
