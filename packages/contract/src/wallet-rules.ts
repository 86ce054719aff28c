import { z } from 'zod';
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
  bankAccount: z.object({
    bankName: z.string(),
    holderName: z.string(),
    cardNumber: z.string(),
    branch: z.string(),
    /**
     * The account's currency (ISO 4217, e.g. VND) and its rate (fiat per 1 USDT, a decimal string), set by
     * finance. Both empty: the account takes USDT amounts as before (settings stored before these existed).
     */
    currency: z.string().trim().toUpperCase().default(''),
    rate: z.string().trim().default(''),
  }),
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
