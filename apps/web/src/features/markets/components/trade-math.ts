import { formatAmount, parseAmount } from '@app/contract/amount';
import { orderFeeMinor, orderWinPayoutMinor, parseRateBp } from '@app/contract/order-rules';
import { toMinor } from '../../../lib/money';

/** "0.85" → "85" (exact: basis points to percent); a rate that is not a plain decimal shows as written. */
export function ratePercent(rate: string): string {
  const bp = parseRateBp(rate);
  return bp === null ? rate : formatAmount(BigInt(bp) * 10_000n);
}

export interface OrderQuote {
  fee: string;
  total: string;
  payout: string;
}

/**
 * Fee, what is taken (amount + fee) and the payout on a win, by the contract's rules: the same
 * micro-USDT the server charges and pays.
 */
export function quoteOrder(amount: string, feeRate: string, payoutRate: string): OrderQuote | null {
  const minor = toMinor(amount);
  const feeRateBp = parseRateBp(feeRate);
  const payoutRateBp = parseRateBp(payoutRate);
  if (minor === null || minor <= 0n || feeRateBp === null || payoutRateBp === null) return null;
  const fee = orderFeeMinor(minor, feeRateBp);
  return {
    fee: formatAmount(fee),
    total: formatAmount(minor + fee),
    payout: formatAmount(orderWinPayoutMinor(minor, payoutRateBp)),
  };
}

/** Is the stake a valid amount within the period's min and max? */
export function isStakeInRange(amount: string, minStake: string, maxStake: string): boolean {
  const minor = toMinor(amount);
  if (minor === null || minor <= 0n) return false;
  const min = toMinor(minStake);
  const max = toMinor(maxStake);
  return (min === null || minor >= min) && (max === null || minor <= max);
}

const QUICK_PICKS = ['10', '50', '100', '500', '1000', '5000'];

/** Up to five quick amounts inside the period's range, starting at its minimum. */
export function quickAmounts(minStake: string, maxStake: string): string[] {
  const picks = [minStake, ...QUICK_PICKS].filter((value) => isStakeInRange(value, minStake, maxStake));
  return [...new Set(picks.map((value) => formatAmount(parseAmount(value))))].slice(0, 5);
}
