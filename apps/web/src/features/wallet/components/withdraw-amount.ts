import { amountSchema, formatAmount, parseAmount } from '@app/contract/money';
import { type WalletRules, withdrawalFeeMinor } from '@app/contract/wallet-rules';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { toMinor } from '../../../lib/money';

export interface WithdrawPreview {
  amount: string;
  fee: string;
  net: string;
}

/** Fee and net for a typed amount, by the same function the server charges with; null while invalid. */
export function previewWithdrawal(amount: string, rules: WalletRules | undefined): WithdrawPreview | null {
  if (!rules) return null;
  const minor = toMinor(amount);
  if (minor === null || minor <= 0n) return null;
  const fee = withdrawalFeeMinor(minor, rules);
  return { amount: formatAmount(minor), fee: formatAmount(fee), net: formatAmount(minor - fee) };
}

interface AmountLimits {
  rules: WalletRules | undefined;
  available: string | undefined;
  belowMin: string;
  exceedsAvailable: string;
}

/** The amount's message (translated), or undefined when it can be sent. */
export function checkWithdrawAmount(amount: string, limits: AmountLimits): string | undefined {
  const result = amountSchema('withdrawal_amount_required').safeParse(amount);
  if (!result.success) return translateFieldMessage(result.error.issues[0]?.message);
  const minor = parseAmount(result.data);
  const min = limits.rules ? toMinor(limits.rules.withdrawMinAmount) : null;
  if (min !== null && minor < min) return limits.belowMin;
  const available = limits.available === undefined ? null : toMinor(limits.available);
  if (available !== null && minor > available) return limits.exceedsAvailable;
  return undefined;
}
