import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Timed "buy rise / buy fall" orders (DESIGN.md 6.4). Entry, exit, lowest and highest come from
 * recorded ticks only; stakes and payouts move through the ledger.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    /** The payout rate quoted when the order was accepted, in basis points. */
    payoutRateBp: integer('payout_rate_bp').notNull(),
    period: integer('period').notNull(),
    /** The server's clock when it accepted the order; the entry is the first tick after it. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, precision: 3 }).notNull(),
    status: text('status', { enum: ['open', 'won', 'lost', 'tie', 'void'] })
      .notNull()
      .default('open'),
    entryTime: timestamp('entry_time', { withTimezone: true, precision: 3 }),
    entryPrice: bigint('entry_price', { mode: 'bigint' }),
    exitTime: timestamp('exit_time', { withTimezone: true, precision: 3 }),
    exitPrice: bigint('exit_price', { mode: 'bigint' }),
    lowest: bigint('lowest', { mode: 'bigint' }),
    highest: bigint('highest', { mode: 'bigint' }),
    payout: bigint('payout', { mode: 'bigint' }),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    requestKey: text('request_key').notNull(),
    /** Which balance it was placed with (issue 14): real (USDT) or practice (PUSDT, counts nowhere else). */
    account: text('account', { enum: ['real', 'practice'] })
      .notNull()
      .default('real'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_request_key').on(t.userId, t.requestKey),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_open_end_idx').on(t.endTime).where(sql`${t.status} = 'open'`),
    index('orders_open_user_idx').on(t.userId).where(sql`${t.status} = 'open'`),
    // The settlement worker's sweep of orders still waiting for their entry (settling.ts sweepMissedEntries),
    // by acceptance time. No index names entry_time or entry_price, not even in its predicate: recording
    // the entry then changes no index, and with the table's fillfactor (migration 0032) the update stays
    // on its page (HOT) instead of adding the order to every index again.
    index('orders_open_accepted_idx').on(t.acceptedAt).where(sql`${t.status} = 'open'`),
    check('orders_amounts', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
  ],
);

/**
 * The open stake per product and direction: what the exposure limit is checked against. Placing an
 * order adds to it and settling subtracts, in the same transaction (migration 0013).
 */
export const orderExposure = pgTable(
  'order_exposure',
  {
    symbol: text('symbol').notNull(),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    /** Practice stakes are an exposure of their own (issue 14): never counted against real ones. */
    account: text('account', { enum: ['real', 'practice'] })
      .notNull()
      .default('real'),
    openAmount: bigint('open_amount', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ name: 'order_exposure_pk', columns: [t.symbol, t.direction, t.account] }),
    check('order_exposure_not_negative', sql`${t.openAmount} >= 0`),
  ],
);

/**
 * How many orders each user has placed and how many of them have closed (settled or void), per
 * account: their open orders are placed − closed, read by order/create's open-order limit without
 * counting the rows. Two rows per user and account, so that placement (which alone adds to `placed`,
 * one batch per user at a time) and settlement (which alone adds to `closed`) never wait on each
 * other; `closed` lags while a settlement commits, so the count read is never below the truth.
 */
export const orderTallies = pgTable(
  'order_tallies',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    account: text('account', { enum: ['real', 'practice'] }).notNull(),
    kind: text('kind', { enum: ['placed', 'closed'] }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_tallies_pk', columns: [t.userId, t.account, t.kind] }),
    check('order_tallies_not_negative', sql`${t.n} >= 0`),
  ],
);
