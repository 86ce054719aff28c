import { AMOUNT_MINOR_MAX, formatAmount, isAmountText } from '@app/contract/amount';
import type { Lang } from '@app/contract/lang';
import { z } from 'zod';
import { readAmountInput, writeAmountInput } from '../amount-input';
import { separatorsOf } from '../group-digits';
import { currentLang, i18n } from '../i18n';
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

/** Why an amount cannot be sent; `ambiguous`: two readings fit what was typed (see amount-input.ts). */
export type AmountProblem = 'required' | 'ambiguous' | 'invalid' | 'belowMin' | 'aboveMax';

export type AmountCheck =
  | { plain: string; problem?: undefined; message?: undefined }
  | { plain?: undefined; problem: AmountProblem; message: string };

/** -1 below `limit`, 1 above it, else 0; a limit that is not an amount limits nothing. */
function compareTo(minor: bigint, limit: string | undefined): number {
  const limitMinor = limit ? toMinor(limit) : null;
  if (limitMinor === null || minor === limitMinor) return 0;
  return minor < limitMinor ? -1 : 1;
}

/**
 * The typed amount, read in the user's language and checked by the contract's amount rules and the
 * screen's minimum and maximum: the plain decimal the API takes ("1000.5"), or the first refusal.
 */
export function checkAmount(typed: string, rules: AmountRules, lang: Lang = currentLang()): AmountCheck {
  const refuse = (problem: AmountProblem, message: string | undefined): AmountCheck => ({
    problem,
    message: message ?? rules.invalid,
  });
  const reading = readAmountInput(typed, lang);
  if (reading.kind === 'empty') return refuse('required', rules.required ?? UNSAID);
  if (reading.kind === 'ambiguous') return refuse('ambiguous', ambiguousMessage(typed, reading.readings, lang));
  if (reading.kind === 'invalid' || !isAmountText(reading.plain)) return refuse('invalid', rules.invalid);
  const minor = toMinor(reading.plain);
  if (minor === null || minor <= 0n || minor > AMOUNT_MINOR_MAX) return refuse('invalid', rules.invalid);
  if (compareTo(minor, rules.min) < 0) return refuse('belowMin', rules.belowMin);
  if (compareTo(minor, rules.max) > 0) return refuse('aboveMax', rules.aboveMax);
  return { plain: reading.plain };
}

/** A positive amount typed in the language, as the plain decimal the API takes; null when it is none. */
export function plainAmountOf(typed: string, lang: Lang = currentLang()): string | null {
  return checkAmount(typed, { required: null, invalid: 'invalid' }, lang).plain ?? null;
}

/** "“1.000” could be 1000 or 1: type it again without “.”; decimals take “,”." in the language. */
export function ambiguousMessage(typed: string, readings: [string, string], lang: Lang = currentLang()): string {
  const { group, decimal } = separatorsOf(lang);
  // Each reading as the field would take it without doubt: no grouping, trailing zeros dropped.
  const [a, b] = readings.map((plain) => {
    const minor = toMinor(plain);
    return writeAmountInput(minor === null ? plain : formatAmount(minor), lang);
  });
  // In the current language: the lang passed is the one the field reads (the same one).
  return i18n.t('amountInput.ambiguous', { typed: typed.trim(), a: a ?? '', b: b ?? '', group, decimal });
}

/** The amount form's schema: what is typed in, the plain decimal out (or the first refusal's message). */
export function amountSchema(rules: AmountRules) {
  return z.string().transform((typed, ctx) => {
    const result = checkAmount(typed, rules);
    if (result.problem === undefined) return result.plain;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/** The first refusal of `text` (a key or text), or undefined when it can be sent. */
export function amountProblem(text: string, rules: AmountRules): string | undefined {
  return checkAmount(text, rules).message;
}
