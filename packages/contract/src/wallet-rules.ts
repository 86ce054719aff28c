import { z } from 'zod';
import { hasFiatRate } from './fiat.js';
import { moneySchema, parseAmount } from './money.js';

// Rules, from the platform settings; also published in common/config

/** TRON transaction ids are 64 hex characters. */
export const TX_HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;

/** The placeholder of a block explorer's transaction address. */
export const EXPLORER_HASH_PLACEHOLDER = '{hash}';
export const DEFAULT_TRC20_EXPLORER_TX_URL = 'https://tronscan.org/#/transaction/{hash}';
const EXPLORER_URL_LENGTH_MAX = 200;
/** https, a plain host name (no credentials, no placeholder), an optional port, then a path without spaces or quotes. */
const EXPLORER_URL_SHAPE = /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?\/[^\s"'<>\\`]*$/;

/**
 * A block explorer's transaction address: empty (no link), or an https address with exactly one
 * `{hash}` in its path, so a filled-in link can only lead to that explorer.
 */
export function isExplorerUrlPattern(pattern: string): boolean {
  if (pattern === '') return true;
  return EXPLORER_URL_SHAPE.test(pattern) && pattern.split(EXPLORER_HASH_PLACEHOLDER).length === 2;
}

/**
 * The explorer link of a paid-out withdrawal: only for TRC20, only when the reference is a
 * transaction id (an operator may type a note instead) and the platform has an explorer set.
 * A bank payout is never linked.
 */
export function payoutExplorerUrl(pattern: string, method: 'bank' | 'trc20', reference: string | null): string | null {
  if (method !== 'trc20' || reference === null || pattern === '' || !isExplorerUrlPattern(pattern)) return null;
  if (!TX_HASH_PATTERN.test(reference)) return null;
  const hash = reference.replace(/^0x/, '').toLowerCase();
  return pattern.replace(EXPLORER_HASH_PLACEHOLDER, encodeURIComponent(hash));
}

/** At most this many receiving accounts: a list a user can choose from on one screen. */
export const BANK_ACCOUNTS_MAX = 10;
/** The id the one account of settings stored before several existed is given. */
export const LEGACY_BANK_ACCOUNT_ID = 'main';
const BANK_ACCOUNT_ID_PATTERN = /^[a-z0-9-]{1,16}$/;

export const bankAccountSchema = z.object({
  /** Stable: a deposit request names its account by it. Empty on a new account; the server gives one. */
  id: z
    .string()
    .trim()
    .refine((id) => id === '' || BANK_ACCOUNT_ID_PATTERN.test(id), 'invalid')
    .default(''),
  bankName: z.string().trim().max(128, 'text_too_long'),
  holderName: z.string().trim().max(128, 'text_too_long'),
  cardNumber: z.string().trim().max(128, 'text_too_long'),
  branch: z.string().trim().max(128, 'text_too_long').default(''),
  /**
   * The account's currency (ISO 4217, e.g. VND) and its rate (fiat per 1 USDT, a decimal string), set by
   * finance. Both empty: the account takes USDT amounts.
   */
  currency: z.string().trim().toUpperCase().max(8, 'currency_invalid').default(''),
  rate: z.string().trim().max(32, 'rate_invalid').default(''),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/**
 * Stored settings from before several receiving accounts existed hold one `bankAccount`: they read as a
 * list of that one (none when it was left blank), so nothing an operator entered is lost.
 */
export function migrateWalletRules(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || 'bankAccounts' in raw || !('bankAccount' in raw)) return raw;
  const { bankAccount, ...rest } = raw as { bankAccount?: Record<string, unknown> | null };
  const isBlank = !bankAccount || (!bankAccount.bankName && !bankAccount.cardNumber);
  return { ...rest, bankAccounts: isBlank ? [] : [{ ...bankAccount, id: LEGACY_BANK_ACCOUNT_ID }] };
}

/** The account a bank deposit goes to: the one named, or (a client that names none) the first. */
export function depositAccountOf(accounts: readonly BankAccount[], id: string | undefined): BankAccount | undefined {
  return id === undefined ? accounts[0] : accounts.find((account) => account.id === id);
}

/**
 * The rail a bank withdrawal is paid out on: the platform pays a card from its own account in the card's
 * currency (a VND card from its VND account), at that account's rate. The first such account with a rate
 * is the payout account for its currency; with none, the payout is figured in USDT only.
 */
export function payoutAccountFor(
  accounts: readonly BankAccount[],
  currency: string | null | undefined,
): BankAccount | undefined {
  if (!currency) return undefined;
  return accounts.find((account) => account.currency === currency && hasFiatRate(account));
}

export const DEFAULT_WITHDRAW_COOLDOWN_HOURS = 24;
export const WITHDRAW_COOLDOWN_HOURS_MAX = 168;
/** Issue 14: the protection cannot be turned off within this long of a password or second-factor change. */
export const WITHDRAW_PROTECTION_LOCK_HOURS = 24;

/**
 * When a destination bound at `boundAt` may receive money, or null when it may now (or the user turned
 * the protection off). One rule for the server's refusal and the screen's countdown.
 */
export function destinationUsableAt(
  boundAt: Date,
  cooldownHours: number,
  isProtected: boolean,
  now: Date,
): Date | null {
  if (!isProtected) return null;
  const usableAt = new Date(boundAt.getTime() + cooldownHours * 3_600_000);
  return usableAt.getTime() > now.getTime() ? usableAt : null;
}

export const walletRulesSchema = z.object({
  depositMinAmount: moneySchema,
  withdrawMinAmount: moneySchema,
  withdrawFeeFixed: moneySchema,
  /** Basis points of the amount: 100 = 1 %. */
  withdrawFeeRateBp: z.number().int().min(0).max(5000),
  withdrawDailyCountMax: z.number().int().min(1).max(100),
  withdrawKycRequired: z.boolean(),
  /** Withdrawals at or above this need a second operator's approval. */
  withdrawSecondApprovalFrom: moneySchema,
  /**
   * The platform's receiving bank accounts, in the order finance lists them (the first is the default).
   * Each has its own bank, holder, number, currency and rate; a bank deposit names the one it goes to and
   * locks that account's rate. Settings stored with one `bankAccount` read as a list of it
   * (migrateWalletRules, used where stored settings are read).
   */
  bankAccounts: z.array(bankAccountSchema).max(BANK_ACCOUNTS_MAX, 'bank_accounts_too_many').default([]),
  /**
   * Where a user opens a paid TRC20 withdrawal's transaction: an https address with one `{hash}`,
   * or empty for no link. Settings stored before it existed take the default.
   */
  trc20ExplorerTxUrl: z
    .string()
    .trim()
    .max(EXPLORER_URL_LENGTH_MAX, 'explorer_url_invalid')
    .refine(isExplorerUrlPattern, 'explorer_url_invalid')
    .default(DEFAULT_TRC20_EXPLORER_TX_URL),
  /**
   * Issue 14: hours a newly bound or replaced card or address waits before it may receive money (users
   * who keep "only cooled-down destinations" on, the default). Settings stored before it existed take 24.
   */
  withdrawCooldownHours: z
    .number()
    .int()
    .min(0)
    .max(WITHDRAW_COOLDOWN_HOURS_MAX)
    .default(DEFAULT_WITHDRAW_COOLDOWN_HOURS),
});
export type WalletRules = z.infer<typeof walletRulesSchema>;

/**
 * The withdrawal fee: fixed + rate × amount, rounded up to the minor unit, never more than the amount.
 * One function for the server's charge and the screen's preview.
 */
export function withdrawalFeeMinor(
  amountMinor: bigint,
  rules: Pick<WalletRules, 'withdrawFeeFixed' | 'withdrawFeeRateBp'>,
): bigint {
  const rate = (amountMinor * BigInt(rules.withdrawFeeRateBp) + 9_999n) / 10_000n;
  const fee = parseAmount(rules.withdrawFeeFixed) + rate;
  return fee > amountMinor ? amountMinor : fee;
}
