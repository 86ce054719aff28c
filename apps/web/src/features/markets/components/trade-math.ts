import { formatAmount, parseAmount } from '@app/contract/money';
import { toMinor } from '../../../lib/money';

/** A rate ("0.85") as an exact fraction. */
function parseRate(rate: string): { numerator: bigint; denominator: bigint } {
  const [whole = '0', fraction = ''] = rate.trim().split('.');
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/** amount × rate in minor units, rounded down to the micro-USDT. */
export function applyRate(amountMinor: bigint, rate: string): bigint {
  const { numerator, denominator } = parseRate(rate);
  return (amountMinor * numerator) / denominator;
}

/** "0.85" → "85". */
export function ratePercent(rate: string): string {
  return formatAmount(applyRate(parseAmount('100'), rate));
}

export interface OrderQuote {
  fee: string;
  total: string;
  payout: string;
}

/** Fee (feeRate × amount), what is taken (amount + fee) and the payout on a win (amount × (1 + rate)). */
export function quoteOrder(amount: string, feeRate: string, payoutRate: string): OrderQuote | null {
  const minor = toMinor(amount);
  if (minor === null || minor <= 0n) return null;
  const fee = applyRate(minor, feeRate);
  return {
    fee: formatAmount(fee),
    total: formatAmount(minor + fee),
    payout: formatAmount(minor + applyRate(minor, payoutRate)),
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
