import { groupDigits } from './group-digits';

/**
 * Prices are decimal strings; they are shown with the product's precision by string arithmetic
 * (truncating, padding), never through floats.
 */
export function formatPrice(text: string | null | undefined, precision: number): string {
  if (!text) return '--';
  const match = /^([-+]?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  if (precision <= 0) return groupDigits(`${sign}${whole}`);
  return groupDigits(`${sign}${whole}.${fraction.slice(0, precision).padEnd(precision, '0')}`);
}

/**
 * A decimal the server already wrote at its precision (a price alert's level "65990.00" at the
 * product's precision, a percent "0.5"), in the language's marks with every digit kept:
 * "65,990.00" (en, zn), "65.990,00" (vn).
 */
export function displayDecimal(text: string | null | undefined): string {
  if (!text) return '--';
  const fraction = /^[-+]?\d+\.(\d+)$/.exec(text.trim())?.[1];
  return formatPrice(text, fraction?.length ?? 0);
}

/** "-1.25" → "-1.25%", "0.5" → "+0.50%". */
export function formatPercent(text: string | null | undefined): string {
  if (!text) return '--';
  const isNegative = text.startsWith('-');
  const body = formatPrice(isNegative ? text.slice(1) : text, 2);
  if (isNegative && /[1-9]/.test(body)) return `-${body}%`;
  return `${/[1-9]/.test(body) ? '+' : ''}${body}%`;
}

export type Trend = 'up' | 'down' | 'flat';

/** The sign of a decimal string. */
export function trendOf(text: string | null | undefined): Trend {
  if (!text || !/[1-9]/.test(text)) return 'flat';
  return text.trim().startsWith('-') ? 'down' : 'up';
}

/** Compares two decimal strings exactly (-1, 0, 1). */
export function compareDecimal(a: string, b: string): number {
  const [ai, af] = splitDecimal(a);
  const [bi, bf] = splitDecimal(b);
  const scale = Math.max(af.length, bf.length);
  const left = BigInt(ai + af.padEnd(scale, '0'));
  const right = BigInt(bi + bf.padEnd(scale, '0'));
  return left === right ? 0 : left < right ? -1 : 1;
}

function splitDecimal(text: string): [string, string] {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return [whole, fraction];
}

/** Percent change from `from` to `to` with two decimals, as a string; null when not computable. */
export function percentChange(from: string | null, to: string | null): string | null {
  if (!from || !to) return null;
  const [fi, ff] = splitDecimal(from);
  const [ti, tf] = splitDecimal(to);
  const scale = Math.max(ff.length, tf.length);
  const base = BigInt(fi + ff.padEnd(scale, '0'));
  if (base === 0n) return null;
  const diff = BigInt(ti + tf.padEnd(scale, '0')) - base;
  // basis points of a percent (percent × 100), rounded half away from zero
  const scaled = (diff * 20_000n) / base;
  const hundredths = (scaled + (scaled < 0n ? -1n : 1n)) / 2n;
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
