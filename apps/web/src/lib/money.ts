import { formatAmount, parseAmount } from '@app/contract/amount';
import { groupDigits } from './group-digits';

/** A money string of the API as the screens show it; "-" when it is not an amount. */
export function displayMoney(text: string | null | undefined): string {
  if (!text) return '-';
  const isNegative = text.startsWith('-');
  try {
    const minor = parseAmount(isNegative ? text.slice(1) : text);
    return groupDigits(formatAmount(isNegative ? -minor : minor));
  } catch {
    return text;
  }
}

/** A signed amount with its sign always written: "+12.5", "-3". */
export function displaySignedMoney(text: string): string {
  const shown = displayMoney(text);
  return shown.startsWith('-') || shown === '0' ? shown : `+${shown}`;
}

/** The minor units of an amount, or null when the text is not one. */
export function toMinor(text: string): bigint | null {
  try {
    return parseAmount(text.trim());
  } catch {
    return null;
  }
}

/** Adds decimal strings exactly. */
export function sumMoney(...texts: string[]): string {
  return formatAmount(texts.reduce((sum, text) => sum + (signedMinor(text) ?? 0n), 0n));
}

function signedMinor(text: string): bigint | null {
  const isNegative = text.startsWith('-');
  const minor = toMinor(isNegative ? text.slice(1) : text);
  return minor === null ? null : isNegative ? -minor : minor;
}
