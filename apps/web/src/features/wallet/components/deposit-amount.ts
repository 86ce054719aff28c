import { amountProblem } from '../../../lib/form/amount-rules';
import { translateFieldMessage } from '../../../lib/form/field-message';

/** Quick picks on /recharge, in USDT. */
export const DEPOSIT_QUICK_PICKS = ['100', '500', '1000', '5000'] as const;

/** The amount's message (translated), or undefined when it can be sent. */
export function checkDepositAmount(
  amount: string,
  minAmount: string | undefined,
  belowMin: string,
): string | undefined {
  return translateFieldMessage(
    amountProblem(amount, { required: 'deposit_amount_required', invalid: 'amount_invalid', min: minAmount, belowMin }),
  );
}
