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
