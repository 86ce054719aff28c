import { checkAmount } from '../../../lib/form/amount-rules';
import { translateFieldMessage } from '../../../lib/form/field-message';

/** Quick picks on /recharge, in USDT. */
export const DEPOSIT_QUICK_PICKS = ['100', '500', '1000', '5000'] as const;

/** The amount as the API takes it ("1000.5", typed "1000,5" in Vietnamese), or its message (translated). */
export function checkDepositAmount(
  amount: string,
  minAmount: string | undefined,
  belowMin: string,
): { plain: string; error?: undefined } | { plain?: undefined; error: string | undefined } {
  const checked = checkAmount(amount, {
    required: 'deposit_amount_required',
    invalid: 'amount_invalid',
    min: minAmount,
    belowMin,
  });
  return checked.problem === undefined ? { plain: checked.plain } : { error: translateFieldMessage(checked.message) };
}
