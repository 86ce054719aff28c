import type { Lang } from '@app/contract/lang';
import { currentLang } from './i18n';

/**
 * Kept apart from lib/money.ts: the contract's money module brings zod (~25 KB gzip), which the tab
 * pages (/my, /) would otherwise load just to show one balance the server already wrote canonically.
 */

/** The Intl locale of each language (numbers and dates): Vietnamese writes "1.000,5", English and Chinese "1,000.5". */
export const INTL_LOCALES: Record<Lang, string> = { en: 'en-US', vn: 'vi-VN', zn: 'zh-Hant-TW' };

/**
 * The grouping and decimal marks of each language, as Intl writes them for INTL_LOCALES (the test
 * beside this file holds the two together). Written out, not asked of Intl: a phone's first
 * Intl.NumberFormat loads its locale data, a long task in front of the first prices.
 */
const SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  vn: { group: '.', decimal: ',' },
  zn: { group: ',', decimal: '.' },
};

/** The grouping and decimal marks of a language. */
export function separatorsOf(lang: Lang): { group: string; decimal: string } {
  return SEPARATORS[lang] ?? SEPARATORS.en;
}

/**
 * Groups the whole part of a canonical decimal string and writes it with the language's marks:
 * "-12345.5" → "-12,345.5" (en, zn), "-12.345,5" (vn). Text only, never a float.
 */
export function groupDigits(text: string, lang: Lang = currentLang()): string {
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') || whole.startsWith('+') ? whole[0] : '';
  const digits = sign ? whole.slice(1) : whole;
  const { group, decimal } = separatorsOf(lang);
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}
