import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Double-entry books (DESIGN.md 5). Only the ledger service writes these tables. Amounts are
 * integers of the currency's minor unit (USDT: 10^-6).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `user:<id>:<kind>:<currency>` or `platform:<name>:<currency>`: one row per account, ever. */
    key: text('key').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key_key').on(t.key),
    index('ledger_accounts_user_idx').on(t.userId),
    // A user's money can never be below zero; platform accounts may be.
    check('ledger_accounts_user_not_negative', sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
  ],
);

export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** What caused it: e.g. ('deposit', '42'). */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    /** One journal per key, ever: a retried or concurrent request posts nothing twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    memo: text('memo'),
    adminId: bigint('admin_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_journals_idempotency_key_key').on(t.idempotencyKey),
    index('ledger_journals_reference_idx').on(t.referenceType, t.referenceId),
    index('ledger_journals_kind_idx').on(t.kind, t.id),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerJournals.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Copied from the account so a user's fund details read one index. Null for platform accounts. */
    userId: bigint('user_id', { mode: 'number' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_user_idx').on(t.userId, t.id),
    index('ledger_postings_journal_idx').on(t.journalId),
    check('ledger_postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);
