/** Prices are integers scaled by 10^8: exact, and comparable without floating point. */
export const PRICE_DECIMALS = 8;
export const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);

/** A scaled price as a decimal string with the product's precision: 108500000n, 5 → "1.08500". */
export function formatPrice(scaled: bigint, precision: number): string {
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const whole = abs / PRICE_SCALE;
  const fraction = (abs % PRICE_SCALE).toString().padStart(PRICE_DECIMALS, '0').slice(0, precision);
  return `${negative ? '-' : ''}${whole}${precision > 0 ? `.${fraction}` : ''}`;
}

/** A model price (float) rounded to the product's precision, as a scaled integer. */
export function toScaledPrice(value: number, precision: number): bigint {
  const rounded = Math.max(value, 10 ** -precision).toFixed(precision);
  const [whole, fraction = ''] = rounded.split('.');
  return BigInt(whole!) * PRICE_SCALE + BigInt(fraction.padEnd(PRICE_DECIMALS, '0'));
}

export function scaledToNumber(scaled: bigint): number {
  return Number(scaled) / Number(PRICE_SCALE);
}

/** A plain decimal of at most 20 digits each side, as exchanges send prices: "67250.12000000". */
const DECIMAL_PRICE = /^(\d{1,20})(?:\.(\d{1,20}))?$/;

/**
 * A decimal price string as a scaled integer rounded (half up) to the product's precision, exactly
 * and without floats: ("67250.125", 2) → 6725013000000n. Null for anything that is not a positive
 * plain decimal.
 */
export function parseDecimalPrice(text: string, precision: number): bigint | null {
  const match = DECIMAL_PRICE.exec(text);
  if (!match) return null;
  const digits = Math.min(Math.max(Math.trunc(precision), 0), PRICE_DECIMALS);
  const fraction = match[2] ?? '';
  const kept = BigInt(match[1]! + fraction.slice(0, digits).padEnd(digits, '0'));
  const roundsUp = (fraction[digits] ?? '0') >= '5';
  const units = kept + (roundsUp ? 1n : 0n);
  if (units === 0n) return null;
  return units * 10n ** BigInt(PRICE_DECIMALS - digits);
}
