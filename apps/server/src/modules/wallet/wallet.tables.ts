import type { DepositBankAccount } from '@app/contract/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The supported banks, managed in the back office. */
export const banks = pgTable('banks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** The currency the bank's cards are paid in (ISO 4217); null when not set: withdrawals there stay in USDT. */
  currency: text('currency'),
});

/** The one bank card a user may bind; binding again replaces it. */
export const bankCards = pgTable('bank_cards', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  bankName: text('bank_name').notNull(),
  holderName: text('holder_name').notNull(),
  cardNumber: text('card_number').notNull(),
  branch: text('branch').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 14: when this card was bound or replaced by another; the withdrawal cooldown runs from here. */
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's withdrawal addresses (TRC20), at most 5. */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    network: text('network').notNull().default('TRC20'),
    address: text('address').notNull(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 14: when this address was bound; the withdrawal cooldown runs from here. */
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_addresses_user_address_key').on(t.userId, t.address)],
);

/**
 * Issue 14: a user's choice to withdraw to any bound destination at once. No row: the protection is on
 * (the default); withdrawals go only to cards and addresses bound longer ago than the cooldown.
 */
export const withdrawalProtection = pgTable('withdrawal_protection', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  isOn: boolean('is_on').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Platform deposit addresses imported by operators; each is given to one user for good. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    network: text('network').notNull().default('TRC20'),
    address: text('address').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importedBy: bigint('imported_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('deposit_addresses_address_key').on(t.address),
    uniqueIndex('deposit_addresses_user_key').on(t.network, t.userId),
    index('deposit_addresses_free_idx').on(t.network, t.id).where(sql`${t.userId} IS NULL`),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bank', 'trc20'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    creditedAmount: bigint('credited_amount', { mode: 'bigint' }),
    txHash: text('tx_hash'),
    proofFile: text('proof_file'),
    remark: text('remark'),
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason'),
    note: text('note'),
    /** The client's Idempotency-Key (or a random one): a repeated request finds this row. */
    requestKey: text('request_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    /** Bank deposits in the account's currency: the rate locked at submit and the fiat (its minor units) to transfer. */
    fiatCurrency: text('fiat_currency'),
    fiatRate: text('fiat_rate'),
    fiatAmountMinor: bigint('fiat_amount_minor', { mode: 'bigint' }),
    /** The fiat the operator confirmed as received. */
    fiatReceivedMinor: bigint('fiat_received_minor', { mode: 'bigint' }),
    /** Bank deposits: the platform's receiving account as it was at submit (finance may edit or remove it later). */
    bankAccount: jsonb('bank_account').$type<DepositBankAccount>(),
  },
  (t) => [
    uniqueIndex('deposits_request_key').on(t.userId, t.requestKey),
    uniqueIndex('deposits_tx_hash_key')
      .on(sql`lower(${t.txHash})`)
      .where(sql`${t.txHash} IS NOT NULL AND ${t.status} <> 'rejected'`),
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_status_idx').on(t.status, t.id),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bank', 'trc20'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    /** The bound card or address as it was at the request; payouts go only there. */
    destination: jsonb('destination').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    needsSecondApproval: boolean('needs_second_approval').notNull().default(false),
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' }),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    payoutReference: text('payout_reference'),
    rejectReason: text('reject_reason'),
    requestKey: text('request_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Bank withdrawals: the rate locked at request and the fiat (minor units) that arrives for the net amount. */
    fiatCurrency: text('fiat_currency'),
    fiatRate: text('fiat_rate'),
    fiatAmountMinor: bigint('fiat_amount_minor', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('withdrawals_request_key').on(t.userId, t.requestKey),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amounts', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.fee} <= ${t.amount}`),
  ],
);
