import { formatAmount } from '@app/contract/amount';
import type { Lang } from '@app/contract/lang';
import { platformDateTime } from '../../lib/platform-day.js';

/**
 * How a statement writes numbers and times. The CSV writes money as plain decimals ("-20.2": a dot,
 * no grouping, as the API does), so a program or a spreadsheet re-adds them exactly whatever the
 * reader's locale; the PDF, which people read, writes them in the user's format (vn "1.234,50",
 * en and zn "1,234.50"), with at least two decimals. Times are the platform time zone's wall clock,
 * `YYYY-MM-DD HH:MM:SS`, and the zone is named beside them.
 */

const MARKS: Record<Lang, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  vn: { group: '.', decimal: ',' },
  zn: { group: ',', decimal: '.' },
};

/** Money for the CSV: the canonical decimal string of the minor units. */
export function plainMoney(minor: bigint): string {
  return formatAmount(minor);
}

/** A canonical decimal string ("-1234.5") in the user's marks, grouped, at least `decimalsMin` decimals. */
export function localDecimal(text: string, lang: Lang, options: { decimalsMin?: number; isSigned?: boolean } = {}) {
  const isNegative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (isNegative ? text.slice(1) : text).split('.');
  const { group, decimal } = MARKS[lang];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const decimals = fraction.padEnd(options.decimalsMin ?? 0, '0');
  const sign = isNegative ? '-' : options.isSigned && text !== '0' ? '+' : '';
  return `${sign}${grouped}${decimals ? `${decimal}${decimals}` : ''}`;
}

/** Money for the PDF: the user's marks, two decimals at least (more when the amount has them). */
export function localMoney(minor: bigint, lang: Lang, isSigned = false): string {
  return localDecimal(formatAmount(minor), lang, { decimalsMin: 2, isSigned: isSigned && minor !== 0n });
}

/** `YYYY-MM-DD HH:MM:SS` on the wall clock of `timeZone`. */
export function zonedTime(instant: Date, timeZone: string): string {
  return platformDateTime(instant, timeZone);
}
