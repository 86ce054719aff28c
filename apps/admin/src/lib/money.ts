import { formatAmount, isAmountText, parseAmount } from '@app/contract/money';

/** Money arrives as a decimal string; shown with thousands separators, never through a float. */
export function formatMoney(text: string | null | undefined, currency = 'USDT'): string {
  if (text === null || text === undefined || text === '') return '—';
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return `${text} ${currency}`;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction} ${currency}`;
}

/** A signed decimal string as minor units; null when it is not one. */
export function toMinor(text: string): bigint | null {
  const negative = text.startsWith('-');
  const abs = negative ? text.slice(1) : text;
  if (!isAmountText(abs)) return null;
  const minor = parseAmount(abs);
  return negative ? -minor : minor;
}

/** A positive amount an operator typed: at most 6 decimals, above zero. */
export function isPositiveAmount(text: string): boolean {
  const trimmed = text.trim();
  return isAmountText(trimmed) && parseAmount(trimmed) > 0n;
}

export function addAmounts(a: string, b: bigint): string | null {
  const minor = toMinor(a);
  return minor === null ? null : formatAmount(minor + b);
}
