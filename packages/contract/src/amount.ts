/**
 * Money crosses the API as a decimal string ("1250.5") and lives everywhere else as an integer of
 * the currency's minor unit. USDT has 6 decimals; more is 'Incorrect Amount'.
 *
 * No zod here: the apps' screens that only show money import this module (money.ts, which adds the
 * schemas, re-exports it), so a screen's chunk does not bring zod along.
 */
export const USDT_DECIMALS = 6;
const SCALE = 10n ** BigInt(USDT_DECIMALS);
/** Large enough for any real balance, small enough to stay far from BIGINT's limit. */
export const AMOUNT_MINOR_MAX = 10n ** 15n * SCALE;

const AMOUNT_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{1,6})?$/;

/** "12.5" → 12500000n. Throws on anything that is not a plain non-negative decimal with ≤ 6 places. */
export function parseAmount(text: string): bigint {
  if (!AMOUNT_PATTERN.test(text)) throw new RangeError(`not an amount: ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * SCALE + BigInt(fraction.padEnd(USDT_DECIMALS, '0'));
}

/** 12500000n → "12.5"; negative amounts keep their sign. */
export function formatAmount(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function isAmountText(text: string): boolean {
  return AMOUNT_PATTERN.test(text);
}
