import { AMOUNT_MINOR_MAX, isAmountText } from '@app/contract/amount';
import { z } from 'zod';
import { toMinor } from '../money';

/**
 * What an amount form accepts, each refusal with its message: a field message key
 * ('withdrawal_amount_required') or text already translated.
 */
export interface AmountRules {
  /** Nothing typed; null: refused without a message (the field only waits for an amount). */
  required: string | null;
  /** Not a positive amount with at most 6 decimals. */
  invalid: string;
  /** The least that may be moved (none when absent or not an amount). */
  min?: string;
  belowMin?: string;
  /** The most that may be moved: what is available or held. */
  max?: string;
  aboveMax?: string;
}

/** The message of a refusal that says nothing. */
export const UNSAID = 'amount-unsaid';

/** -1 below `limit`, 1 above it, else 0; a limit that is not an amount limits nothing. */
function compareTo(text: string, limit: string | undefined): number {
  const minor = toMinor(text);
  const limitMinor = limit ? toMinor(limit) : null;
  if (minor === null || limitMinor === null || minor === limitMinor) return 0;
  return minor < limitMinor ? -1 : 1;
}

/** The typed amount, trimmed, by the contract's amount rules and the screen's minimum and maximum. */
export function amountSchema(rules: AmountRules) {
  return z
    .string()
    .trim()
    .min(1, rules.required ?? UNSAID)
    .refine(isAmountText, rules.invalid)
    .refine((text) => {
      const minor = toMinor(text);
      return minor === null || (minor > 0n && minor <= AMOUNT_MINOR_MAX);
    }, rules.invalid)
    .refine((text) => compareTo(text, rules.min) >= 0, rules.belowMin)
    .refine((text) => compareTo(text, rules.max) <= 0, rules.aboveMax);
}

/** The first refusal of `text` (a key or text), or undefined when it can be sent. */
export function amountProblem(text: string, rules: AmountRules): string | undefined {
  return amountSchema(rules).safeParse(text).error?.issues[0]?.message;
}
