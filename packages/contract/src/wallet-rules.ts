import { z } from 'zod';
import { moneySchema, parseAmount } from './money.js';

// Rules, from the platform settings; also published in common/config

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
