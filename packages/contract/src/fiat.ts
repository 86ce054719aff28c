import { USDT_DECIMALS } from './amount.js';

/**
 * Bank money in the bank's own currency (VND, TWD, ...). USDT stays the ledger currency: a fiat
 * figure is information on a request, computed from a rate finance sets (fiat per 1 USDT). One set of
 * pure functions, so the server's locked figure and the screen's preview are the same number.
 */

/** Decimal places a rate may have: enough for any real fiat/USDT rate. */
export const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const RATE_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,8})?$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** An ISO 4217 code that Intl knows (e.g. VND, TWD); USDT is not a bank currency. */
export function isFiatCurrency(code: string): boolean {
  if (!CURRENCY_PATTERN.test(code)) return false;
  try {
    const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency');
    if (supported) return supported.includes(code);
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** A positive decimal rate with at most 8 places. */
export function isRateText(text: string): boolean {
  return RATE_PATTERN.test(text) && parseRate(text) > 0n;
}

/** "25400.5" → 2540050000000n (scaled by 10^8). */
export function parseRate(text: string): bigint {
  if (!RATE_PATTERN.test(text)) throw new RangeError(`not a rate: ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * RATE_SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, '0'));
}

/** Two rate texts that mean the same number ("25400" and "25400.0") are the same rate. */
export function isSameRate(a: string, b: string): boolean {
  return RATE_PATTERN.test(a) && RATE_PATTERN.test(b) && parseRate(a) === parseRate(b);
}

/** The currency's minor-unit digits as Intl knows them (VND 0, TWD 2, USD 2). */
export function fiatDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

function divideRoundHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (2n * d);
}

/** USDT (minor, 10^-6) × rate → fiat in the currency's minor units, rounded half up. */
export function fiatMinorOfUsdt(usdtMinor: bigint, rate: string, currency: string): bigint {
  const product = usdtMinor * parseRate(rate); // in 10^-(6+8)
  const shift = USDT_DECIMALS + RATE_DECIMALS - fiatDigits(currency);
  return divideRoundHalfUp(product, 10n ** BigInt(shift));
}

/** Fiat (minor units) ÷ rate → USDT minor, rounded half up: what a fiat sum is worth in USDT. */
export function usdtMinorOfFiat(fiatMinor: bigint, rate: string, currency: string): bigint {
  const shift = USDT_DECIMALS + RATE_DECIMALS - fiatDigits(currency);
  return divideRoundHalfUp(fiatMinor * 10n ** BigInt(shift), parseRate(rate));
}

/** Fiat minor → "1000000" / "1250.5" (plain decimal, trailing zeros dropped). */
export function formatFiat(minor: bigint, currency: string): string {
  const digits = fiatDigits(currency);
  const scale = 10n ** BigInt(digits);
  const whole = minor / scale;
  const fraction = digits ? (minor % scale).toString().padStart(digits, '0').replace(/0+$/, '') : '';
  return `${whole}${fraction ? `.${fraction}` : ''}`;
}

/** "1000000" → minor units; null when the text is not a plain amount within the currency's digits. */
export function parseFiat(text: string, currency: string): bigint | null {
  const digits = fiatDigits(currency);
  const pattern = digits ? new RegExp(`^(0|[1-9]\\d{0,17})(\\.\\d{1,${digits}})?$`) : /^(0|[1-9]\d{0,17})$/;
  if (!pattern.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0'));
}

/** A bank account set up to take its own currency: a known currency and a positive rate. */
export function hasFiatRate(account: {
  currency?: string;
  rate?: string;
}): account is { currency: string; rate: string } {
  return !!account.currency && !!account.rate && isFiatCurrency(account.currency) && isRateText(account.rate);
}
