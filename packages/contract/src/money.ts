import { z } from 'zod';

import { AMOUNT_MINOR_MAX, isAmountText, parseAmount } from './amount.js';

export { AMOUNT_MINOR_MAX, formatAmount, isAmountText, parseAmount, USDT_DECIMALS } from './amount.js';

/** A positive amount as the API takes it. The message keys name the field that is missing. */
export const amountSchema = (
  requiredKey: 'amount_required' | 'deposit_amount_required' | 'withdrawal_amount_required' = 'amount_required',
) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .refine(isAmountText, 'amount_invalid')
    .refine((v) => !isAmountText(v) || (parseAmount(v) > 0n && parseAmount(v) <= AMOUNT_MINOR_MAX), 'amount_invalid');

/** Money in answers: a decimal string. */
export const moneySchema = z.string();
