import { formatAmount, isAmountText, parseAmount } from '@app/contract/amount';
import { fiatMinorOfUsdt, formatFiat, parseFiat, usdtMinorOfFiat } from '@app/contract/fiat';
import type { Lang } from '@app/contract/lang';
import { readAmountInput } from '../../../lib/amount-input';
import { INTL_LOCALES } from '../../../lib/group-digits';

/**
 * The bank's currency beside USDT: the same pure functions the server locks a request with, so the
 * figure a user sees is the figure recorded. Either side may be typed; the other follows.
 */

export interface FiatRate {
  currency: string;
  rate: string;
}

/** USDT text → fiat text in the currency's minor units; '' while the USDT is not an amount. */
export function fiatOfUsdtText(usdt: string, fx: FiatRate): string {
  const text = usdt.trim();
  if (!isAmountText(text)) return '';
  return formatFiat(fiatMinorOfUsdt(parseAmount(text), fx.rate, fx.currency), fx.currency);
}

/**
 * Fiat typed in the user's language ("2.540.000" in Vietnamese) → USDT text (6 decimals at most);
 * '' while the fiat is not an amount of that currency, or reads two ways.
 */
export function usdtOfFiatText(fiat: string, fx: FiatRate, lang: Lang): string {
  const minor = parseFiat(plainFiatOf(fiat, lang), fx.currency);
  return minor === null ? '' : formatAmount(usdtMinorOfFiat(minor, fx.rate, fx.currency));
}

/** Fiat typed in the user's language as a plain decimal ("2540000"); '' when it reads as none or two ways. */
export function plainFiatOf(fiat: string, lang: Lang): string {
  const reading = readAmountInput(fiat, lang);
  return reading.kind === 'amount' ? reading.plain : '';
}

/** "2540000" → "₫2,540,000" / "2.540.000 ₫" / "₫2,540,000", by the user's language. */
export function displayFiat(text: string, currency: string, lang: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const format = new Intl.NumberFormat(INTL_LOCALES[lang as Lang] ?? 'en-US', { style: 'currency', currency });
  // Whole and fraction apart, so no float ever rounds the figure: format the whole part, then put the digits back.
  const parts = format.formatToParts(Number(whole));
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  const decimal = format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const out: string[] = [];
  for (const part of parts) {
    if (part.type === 'fraction') out.push(fraction.padEnd(digits, '0'));
    else if (part.type === 'decimal') out.push(decimal);
    else out.push(part.value);
  }
  return out.join('');
}
