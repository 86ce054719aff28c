import { z } from 'zod';
import { pageRequestSchema } from './common.js';
import { amountSchema, moneySchema } from './money.js';

/** A user's accounts per currency (DESIGN.md 5). */
export const USER_ACCOUNT_KINDS = ['available', 'frozen', 'trading', 'earn_locked', 'earn_flexible'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** Platform accounts: the other side of every user posting. They may go negative. */
export const PLATFORM_ACCOUNTS = [
  'deposits',
  'withdrawals',
  'fees',
  'trading_pnl',
  'earn_interest',
  'referral',
  'adjustments',
  /** The practice currency's grants and resets (issue 14): the other side of every practice balance given. */
  'practice',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/** `PUSDT`: practice USDT (issue 14), a currency of its own that no real money path may move. */
export const CURRENCIES = ['USDT', 'PUSDT'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The practice account's currency. */
export const PRACTICE_CURRENCY = 'PUSDT' as const satisfies Currency;

/** What caused a journal. Capabilities add theirs here. */
export const JOURNAL_KINDS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_payout',
  'withdrawal_return',
  'adjustment',
  'order_stake',
  'order_settlement',
  'order_void',
  'wealth_purchase',
  'wealth_interest',
  'wealth_maturity',
  'flexible_subscribe',
  'flexible_redeem',
  'flexible_interest',
  'referral_cashback',
  'practice_grant',
  'practice_reset',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * The only journals that may move the practice currency (issue 14): it is granted and reset, and
 * staked and settled by orders. Deposits, withdrawals, conversions, earn, cashback and adjustments
 * are refused by the ledger service.
 */
export const PRACTICE_JOURNAL_KINDS = [
  'practice_grant',
  'practice_reset',
  'order_stake',
  'order_settlement',
  'order_void',
] as const satisfies readonly JournalKind[];

/** Whether a journal of this kind may move this currency (practice journals move only practice money). */
export function isJournalKindAllowedIn(kind: JournalKind, currency: Currency): boolean {
  const isPracticeKind = (PRACTICE_JOURNAL_KINDS as readonly JournalKind[]).includes(kind);
  if (currency === PRACTICE_CURRENCY) return isPracticeKind;
  return kind !== 'practice_grant' && kind !== 'practice_reset';
}

// user/balance_list

export const balanceListSchema = z.object({
  currency: z.string(),
  available: moneySchema,
  frozen: moneySchema,
  trading: moneySchema,
  earnLocked: moneySchema,
  earnFlexible: moneySchema,
  /** The sum of all five. */
  total: moneySchema,
});
export type BalanceList = z.infer<typeof balanceListSchema>;

// user/water: the user's fund details, one entry per event (never ledger legs), newest first

/** Filters of fund details, by what the user did: money in and out, trading, earn, the rest. */
export const WATER_GROUPS = ['wallet', 'trading', 'earn', 'other'] as const;
export type WaterGroup = (typeof WATER_GROUPS)[number];

export const WATER_GROUP_KINDS: Record<WaterGroup, readonly JournalKind[]> = {
  wallet: ['deposit', 'withdrawal_request', 'withdrawal_payout', 'withdrawal_return'],
  trading: ['order_stake', 'order_settlement', 'order_void'],
  earn: [
    'wealth_purchase',
    'wealth_interest',
    'wealth_maturity',
    'flexible_subscribe',
    'flexible_redeem',
    'flexible_interest',
  ],
  other: ['referral_cashback', 'adjustment'],
};

/**
 * Where an event stands now. A withdrawal request is `processing` until it is `paid` or `rejected`
 * (its refund is an event of its own, `completed`); an order placed is `open` until `settled` (or `void`, refunded); a settlement is
 * `won`, `lost` or `tie`; a locked purchase is `earning` until `complete`. Everything else is `completed`.
 */
export const WATER_STATES = [
  'completed',
  'processing',
  'paid',
  'rejected',
  'open',
  'settled',
  'won',
  'lost',
  'tie',
  'void',
  'earning',
  'complete',
] as const;
export type WaterState = (typeof WATER_STATES)[number];

export const waterRequestSchema = pageRequestSchema.extend({
  kind: z.enum(JOURNAL_KINDS, { error: 'invalid' }).optional(),
  group: z.enum(WATER_GROUPS, { error: 'invalid' }).optional(),
});
export type WaterRequest = z.infer<typeof waterRequestSchema>;

export const waterEntrySchema = z.object({
  /** The event's id: the journal's. */
  id: z.string(),
  journalId: z.string(),
  kind: z.enum(JOURNAL_KINDS),
  /** The account `amount` and `balanceAfter` speak of: always the available balance. */
  account: z.enum(USER_ACCOUNT_KINDS),
  currency: z.string(),
  /** Signed effect of the event on the available balance ("0" when it moved only held money). */
  amount: moneySchema,
  /** The available balance right after the event. */
  balanceAfter: moneySchema,
  referenceType: z.string(),
  referenceId: z.string(),
  /** The operator's reason on adjustments; otherwise usually null. */
  memo: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(WATER_STATES),
  /** The size of the event, unsigned: the withdrawal paid, the stake lost, the principal locked... */
  grossAmount: moneySchema,
  /** The fee taken with an order placed; null for other events. */
  fee: moneySchema.nullable(),
});
export type WaterEntry = z.infer<typeof waterEntrySchema>;

// Back office: journals, reconciliation, adjustments

export const journalListRequestSchema = pageRequestSchema.extend({
  kind: z.enum(JOURNAL_KINDS, { error: 'invalid' }).optional(),
  userId: z
    .string()
    .regex(/^\d{1,18}$/, 'invalid')
    .optional(),
});
export type JournalListRequest = z.infer<typeof journalListRequestSchema>;

export const journalSchema = z.object({
  id: z.string(),
  kind: z.enum(JOURNAL_KINDS),
  referenceType: z.string(),
  referenceId: z.string(),
  memo: z.string().nullable(),
  adminId: z.string().nullable(),
  createdAt: z.string(),
  postings: z.array(
    z.object({
      account: z.string(),
      userId: z.string().nullable(),
      amount: moneySchema,
      balanceAfter: moneySchema,
    }),
  ),
});
export type Journal = z.infer<typeof journalSchema>;

export const reconciliationSchema = z.object({
  checkedAt: z.string(),
  isBalanced: z.boolean(),
  /** Sum of every posting per currency: must be "0". */
  postingsSum: z.record(z.string(), moneySchema),
  journalsNotBalanced: z.number().int(),
  accountsNotMatchingPostings: z.number().int(),
  userAccountsBelowZero: z.number().int(),
  trialBalance: z.array(z.object({ currency: z.string(), account: z.string(), balance: moneySchema })),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;

export const adjustmentRequestSchema = z.strictObject({
  userId: z.string().regex(/^\d{1,18}$/, 'invalid'),
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: 'invalid' }),
  amount: amountSchema(),
  reason: z.string({ error: 'reason_required' }).trim().min(1, 'reason_required').max(500, 'text_too_long'),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;
