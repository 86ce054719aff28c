import { formatAmount } from '@app/contract/amount';
import { type WalletRules, withdrawalFeeMinor } from '@app/contract/wallet-rules';
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
