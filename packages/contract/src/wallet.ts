import { z } from 'zod';
import { tradingLimitsSchema } from './admin-markets.js';
import { clientTokenFields, pageRequestSchema } from './common.js';
import { isFiatCurrency, isRateText } from './fiat.js';
import { amountSchema, moneySchema } from './money.js';
import { referralSettingsSchema } from './referral.js';
import { twoFactorCodeField } from './two-factor.js';
import { payPasswordSchema } from './users.js';
import { TX_HASH_PATTERN, walletRulesSchema } from './wallet-rules.js';

/** DESIGN.md 6.3: bank card, withdrawal addresses, deposits and withdrawals. */

const requiredText = (key: string, max = 64) => z.string({ error: key }).trim().min(1, key).max(max, 'text_too_long');

// Banks and the bound card

export const bankSchema = z.object({ id: z.string(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;

export const CARD_NUMBER_PATTERN = /^\d{12,19}$/;

export const saveBankRequestSchema = z.strictObject({
  bankName: requiredText('bank_name_required'),
  holderName: requiredText('holder_name_required'),
  cardNumber: z
    .string({ error: 'card_number_required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, 'card_number_required').regex(CARD_NUMBER_PATTERN, 'card_number_invalid')),
  branch: requiredText('branch_required', 128),
  city: requiredText('city_required'),
  province: requiredText('province_required'),
  remark: z.string().trim().max(200, 'text_too_long').optional(),
  payPassword: payPasswordSchema,
  ...twoFactorCodeField,
});
export type SaveBankRequest = z.infer<typeof saveBankRequestSchema>;

export const bankCardSchema = z.object({
  bankName: z.string(),
  holderName: z.string(),
  /** Masked: only the last 4 digits show. */
  cardNumber: z.string(),
  branch: z.string(),
  city: z.string(),
  province: z.string(),
  remark: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * The currency the card's bank is paid in (from the bank list finance keeps), null when unknown. A bank
   * withdrawal arrives in it when the platform has an account in that currency (payoutAccountFor).
   */
  currency: z.string().nullable().default(null),
  /** Issue 14: when this card was bound or last replaced (the cooldown runs from here). */
  boundAt: z.string(),
  /** Issue 14: when it may receive money; null when it may now. */
  usableAt: z.string().nullable(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

// Withdrawal addresses (TRC20)

/** Shape only; the server also checks the base58check checksum. */
export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
export const WALLET_ADDRESSES_MAX = 5;

export const saveWalletRequestSchema = z.strictObject({
  address: z
    .string({ error: 'withdrawal_address_required' })
    .trim()
    .min(1, 'withdrawal_address_required')
    .regex(TRON_ADDRESS_PATTERN, 'address_invalid'),
  label: z.string().trim().max(32, 'text_too_long').optional(),
  payPassword: payPasswordSchema,
  ...twoFactorCodeField,
});
export type SaveWalletRequest = z.infer<typeof saveWalletRequestSchema>;

export const walletAddressSchema = z.object({
  id: z.string(),
  network: z.literal('TRC20'),
  address: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 14: when this address was bound (the cooldown runs from here). */
  boundAt: z.string(),
  /** Issue 14: when it may receive money; null when it may now. */
  usableAt: z.string().nullable(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;

/** Issue 14: removing an address is immediate (no cooldown); confirmed like binding one. */
export const removeWalletRequestSchema = z.strictObject({
  walletId: z.string({ error: 'invalid' }).regex(/^\d{1,18}$/, 'invalid'),
  payPassword: payPasswordSchema,
  ...twoFactorCodeField,
});
export type RemoveWalletRequest = z.infer<typeof removeWalletRequestSchema>;

// Issue 14: withdraw only to destinations older than the cooldown

/** The user's "withdraw only to cards and addresses older than the cooldown" setting. */
export const withdrawProtectionSchema = z.object({
  isOn: z.boolean(),
  /** The platform's cooldown, in hours. */
  cooldownHours: z.number().int(),
  /** Until when it cannot be turned off (a recent password or second-factor change); null: it can now. */
  lockedUntil: z.string().nullable(),
});
export type WithdrawProtection = z.infer<typeof withdrawProtectionSchema>;

export const setWithdrawProtectionRequestSchema = z.strictObject({
  isOn: z.boolean({ error: 'invalid' }),
  payPassword: payPasswordSchema,
  ...twoFactorCodeField,
});
export type SetWithdrawProtectionRequest = z.infer<typeof setWithdrawProtectionRequestSchema>;

// Deposits

export const DEPOSIT_METHODS = ['bank', 'trc20'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** TRC20 is the only network, so a client that names none (a bodyless POST) asks for it. */
export const rechargeAddressRequestSchema = z.strictObject({
  network: z.literal('TRC20', { error: 'invalid' }).default('TRC20'),
});
export const rechargeAddressSchema = z.object({
  address: z.string(),
  network: z.literal('TRC20'),
  minAmount: moneySchema,
});
export type RechargeAddress = z.infer<typeof rechargeAddressSchema>;

export { TX_HASH_PATTERN };

/** A rate a client sends back: a positive decimal of at most 8 places, or a field error. */
const rateSchema = z.string().trim().max(32, 'rate_invalid').refine(isRateText, 'rate_invalid').optional();

/** The receiving account a bank deposit went to, as it was when the request was made. */
export const depositBankAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  holderName: z.string(),
  cardNumber: z.string(),
});
export type DepositBankAccount = z.infer<typeof depositBankAccountSchema>;

/** `wallet/submit` as JSON, or multipart with the same fields and an optional `proof` image. */
export const depositSubmitRequestSchema = z
  .strictObject({
    method: z.enum(DEPOSIT_METHODS, { error: 'invalid' }),
    amount: amountSchema('deposit_amount_required'),
    txHash: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().regex(TX_HASH_PATTERN, 'tx_hash_invalid').optional(),
    ),
    remark: z.string().trim().max(200, 'text_too_long').optional(),
    /** The receiving account chosen (its id in the config's `bankAccounts`); none: the first. */
    bankAccountId: z.string().trim().max(16, 'invalid').optional(),
    /** The rate the user saw (bank deposits in a fiat currency): refused with rate_changed when it is no longer current. */
    rate: rateSchema,
  })
  .refine((v) => v.method !== 'trc20' || v.txHash !== undefined, { path: ['txHash'], message: 'tx_hash_required' });
export type DepositSubmitRequest = z.infer<typeof depositSubmitRequestSchema>;

export const depositSchema = z.object({
  id: z.string(),
  method: z.enum(DEPOSIT_METHODS),
  amount: moneySchema,
  /** What was credited; an operator may correct the amount. Null until confirmed. */
  creditedAmount: moneySchema.nullable(),
  txHash: z.string().nullable(),
  hasProof: z.boolean(),
  status: z.enum(DEPOSIT_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Bank deposits in the account's currency: the currency, the rate locked at submit and the fiat to transfer. */
  fiatCurrency: z.string().nullable(),
  fiatRate: z.string().nullable(),
  fiatAmount: z.string().nullable(),
  /** The fiat the operator confirmed as received (null until confirmed, and without a fiat figure). */
  fiatReceived: z.string().nullable(),
  /** Bank deposits: the platform account the money was sent to. */
  bankAccount: depositBankAccountSchema.nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositListRequestSchema = pageRequestSchema.extend({ status: z.enum(DEPOSIT_STATUSES).optional() });

// Withdrawals

export const WITHDRAWAL_METHODS = ['bank', 'trc20'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];
/**
 * pending → (approved, when a second operator must also approve) → paid; or → rejected.
 * Users see processing (pending, approved), success (paid) and fail (rejected).
 */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_RESULTS = ['processing', 'success', 'fail'] as const;
export type WithdrawalResult = (typeof WITHDRAWAL_RESULTS)[number];

export function withdrawalResultOf(status: WithdrawalStatus): WithdrawalResult {
  if (status === 'paid') return 'success';
  if (status === 'rejected') return 'fail';
  return 'processing';
}

export const bankWithdrawalRequestSchema = z.strictObject({
  amount: amountSchema('withdrawal_amount_required'),
  payPassword: z
    .string({ error: 'withdrawal_password_required' })
    .min(1, 'withdrawal_password_required')
    .regex(/^\d{6}$/, 'pay_password_invalid'),
  /** The specification's client sends which screen it came from (`bank` or another value); the path already says it. */
  paymethod: z.string().max(32, 'invalid').optional(),
  /** The rate the user saw for the arriving fiat: refused with rate_changed when it is no longer current. */
  rate: rateSchema,
  ...twoFactorCodeField,
  ...clientTokenFields,
});
export type BankWithdrawalRequest = z.infer<typeof bankWithdrawalRequestSchema>;

export const trcWithdrawalRequestSchema = bankWithdrawalRequestSchema.extend({
  walletId: z.string({ error: 'withdrawal_address_required' }).regex(/^\d{1,18}$/, 'withdrawal_address_required'),
});
export type TrcWithdrawalRequest = z.infer<typeof trcWithdrawalRequestSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  method: z.enum(WITHDRAWAL_METHODS),
  amount: moneySchema,
  fee: moneySchema,
  netAmount: moneySchema,
  /** Where the money goes, as it was when requested: a masked card or an address. */
  destination: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  result: z.enum(WITHDRAWAL_RESULTS),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** What the operator recorded when paying it out (a transaction id or a bank reference); null until paid. */
  payoutReference: z.string().nullable().default(null),
  /** The TRC20 payout's transaction in the platform's block explorer; null for bank payouts and until paid. */
  payoutUrl: z.string().nullable().default(null),
  /** Bank withdrawals: what arrives in the bank's currency (the net amount at the rate locked at request). */
  fiatCurrency: z.string().nullable(),
  fiatRate: z.string().nullable(),
  fiatAmount: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListRequestSchema = pageRequestSchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() });

// Back office

export const adminDepositSchema = depositSchema.extend({
  userId: z.string(),
  username: z.string(),
  note: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDepositListRequestSchema = pageRequestSchema.extend({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  userId: z
    .string()
    .regex(/^\d{1,18}$/, 'invalid')
    .optional(),
});

export const confirmDepositRequestSchema = z.strictObject({
  /** A corrected amount when the money that arrived differs from the request; a note is then required. */
  amount: amountSchema().optional(),
  note: z.string().trim().max(500, 'text_too_long').optional(),
  /**
   * The fiat that arrived (a deposit with a locked rate): the USDT credited follows from the locked rate; a
   * figure other than the expected one needs a note. Not together with `amount`.
   */
  fiatReceived: z.string().trim().max(32, 'amount_invalid').optional(),
});
export type ConfirmDepositRequest = z.infer<typeof confirmDepositRequestSchema>;

export const adminWithdrawalSchema = withdrawalSchema.omit({ payoutUrl: true }).extend({
  userId: z.string(),
  username: z.string(),
  /** Full destination for the operator who pays it out. */
  destinationDetail: z.record(z.string(), z.string()),
  payoutReference: z.string().nullable(),
  firstApprovedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  needsSecondApproval: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalListRequestSchema = pageRequestSchema.extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  userId: z
    .string()
    .regex(/^\d{1,18}$/, 'invalid')
    .optional(),
});

export const approveWithdrawalRequestSchema = z.strictObject({
  payoutReference: z.string().trim().max(128, 'text_too_long').optional(),
});

export const importAddressesRequestSchema = z.strictObject({
  /** One TRC20 address per line. */
  addresses: z.string({ error: 'required' }).min(1, 'required').max(200_000, 'text_too_long'),
});
export const importAddressesResponseSchema = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.array(z.string()),
});

export const depositAddressSchema = z.object({
  id: z.string(),
  network: z.literal('TRC20'),
  address: z.string(),
  username: z.string().nullable(),
  assignedAt: z.string().nullable(),
  importedAt: z.string(),
});
export const depositAddressListRequestSchema = pageRequestSchema.extend({
  assigned: z.enum(['yes', 'no']).optional(),
});

/** Issue 14: the user drawer's view of where the user's money may go, and since when. */
export const adminWithdrawalDestinationsSchema = z.object({
  protection: withdrawProtectionSchema,
  card: z
    .object({ bankName: z.string(), cardNumber: z.string(), boundAt: z.string(), usableAt: z.string().nullable() })
    .nullable(),
  addresses: z.array(
    z.object({
      id: z.string(),
      address: z.string(),
      label: z.string().nullable(),
      boundAt: z.string(),
      usableAt: z.string().nullable(),
    }),
  ),
});
export type AdminWithdrawalDestinations = z.infer<typeof adminWithdrawalDestinationsSchema>;

export const adminBankSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The currency the bank's cards are paid in (ISO 4217); empty when not set. */
  currency: z.string(),
});
export const saveBankListItemRequestSchema = z.strictObject({
  name: z.string({ error: 'bank_name_required' }).trim().min(1, 'bank_name_required').max(64, 'text_too_long'),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
  /** Empty, or an ISO 4217 code such as VND: a card of this bank is paid out in it. */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .max(8, 'currency_invalid')
    .refine((code) => code === '' || isFiatCurrency(code), 'currency_invalid')
    .default(''),
});

export * from './wallet-rules.js';

export const generalSettingsSchema = z.strictObject({
  webName: z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'text_too_long'),
  inviteRequired: z.boolean(),
  supportHours: z.string().trim().max(80, 'text_too_long'),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** Everything the settings screen shows; each part is saved by its own call and role. */
export const adminSettingsSchema = generalSettingsSchema.extend({
  wallet: walletRulesSchema,
  trading: tradingLimitsSchema,
  referral: referralSettingsSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
