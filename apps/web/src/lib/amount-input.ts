import type { Lang } from '@app/contract/lang';
import { separatorsOf } from './group-digits';

/**
 * What an amount typed into a field means, in the user's language. Screens show "1.000,5" in
 * Vietnamese and "1,000.5" in English and Chinese; a field takes that language's decimal mark and
 * also '.', and its grouping marks as shown, and reads them to the plain decimal the API takes
 * ("1000.5"). Text that two readings fit ("1.000" in Vietnamese: one thousand, or one) is refused,
 * never guessed: with money a guess is a wrong amount. Pure; whether the amount is allowed (6
 * decimals, a minimum) is the amount rules' call.
 */
export type AmountReading =
  | { kind: 'empty' }
  /** `plain`: digits, optionally '.' and more digits, as typed (not yet checked as an amount). */
  | { kind: 'amount'; plain: string }
  | { kind: 'ambiguous'; readings: [string, string] }
  | { kind: 'invalid' };

/** Spaces (also the no-break ones some keyboards and copied figures carry) are never part of a number. */
const SPACES = /[\s\u00a0\u202f]/g;
const DIGITS = /^\d+$/;

/** Reads an amount field's text as the user's language writes numbers. */
export function readAmountInput(text: string, lang: Lang): AmountReading {
  const compact = text.replace(SPACES, '');
  if (compact === '') return { kind: 'empty' };
  const { group, decimal } = separatorsOf(lang);
  const readings = new Set<string>();
  const local = readWith(compact, group, decimal);
  if (local !== null) readings.add(local);
  // '.' is a decimal mark in every language, even where it also groups thousands.
  if (decimal !== '.') {
    const dotted = readWith(compact, null, '.');
    if (dotted !== null) readings.add(dotted);
  }
  const [first, second] = [...readings];
  if (first === undefined) return { kind: 'invalid' };
  if (second !== undefined) return { kind: 'ambiguous', readings: [first, second] };
  return { kind: 'amount', plain: first };
}

/**
 * Whole digits, grouped in threes by `group` (when given) or not at all, then optionally `decimal`
 * and the fraction's digits; null when the text is not that.
 */
function readWith(text: string, group: string | null, decimal: string): string | null {
  const [whole = '', fraction, ...rest] = text.split(decimal);
  if (rest.length > 0) return null;
  if (fraction !== undefined && !DIGITS.test(fraction)) return null;
  const digits = DIGITS.test(whole)
    ? whole
    : group !== null && isGrouped(whole, group)
      ? whole.split(group).join('')
      : null;
  if (digits === null) return null;
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

/** "1.234.567" with group ".": 1–3 digits (not starting with 0), then groups of exactly three. */
function isGrouped(whole: string, group: string): boolean {
  const [head = '', ...tail] = whole.split(group);
  return tail.length > 0 && /^[1-9]\d{0,2}$/.test(head) && tail.every((part) => /^\d{3}$/.test(part));
}

/** A plain decimal ("1000.5") as a field shows it for editing: the language's decimal mark, no grouping. */
export function writeAmountInput(plain: string, lang: Lang): string {
  const { decimal } = separatorsOf(lang);
  return decimal === '.' ? plain : plain.replace('.', decimal);
}
