import { amountSchema, parseAmount } from '@app/contract/money';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { toMinor } from '../../../lib/money';

/** Quick picks on /recharge, in USDT. */
export const DEPOSIT_QUICK_PICKS = ['100', '500', '1000', '5000'] as const;

/** The amount's message (translated), or undefined when it can be sent. */
export function checkDepositAmount(
  amount: string,
  minAmount: string | undefined,
  belowMin: string,
): string | undefined {
  const result = amountSchema('deposit_amount_required').safeParse(amount);
  if (!result.success) return translateFieldMessage(result.error.issues[0]?.message);
  const min = minAmount ? toMinor(minAmount) : null;
  if (min !== null && parseAmount(result.data) < min) return belowMin;
  return undefined;
}
