/**
 * The money rules of a timed order (DESIGN.md 6.4), one function each for the server's charge and
 * the screen's preview, so the two never differ by a minor unit. Rates are basis points: 100 = 1 %.
 */
const BP_PER_ONE = 10_000n;
const RATE_PATTERN = /^(0|[1-9]\d{0,4})(\.\d{1,4})?$/;

/**
 * The fee: stake × fee rate, rounded up to the minor unit (a fraction of a micro-USDT goes to the
 * platform, as with the withdrawal fee).
 */
export function orderFeeMinor(amountMinor: bigint, feeRateBp: number): bigint {
  return (amountMinor * BigInt(feeRateBp) + BP_PER_ONE - 1n) / BP_PER_ONE;
}

/** What a win returns to the user: stake × (1 + payout rate), the winnings rounded down. */
export function orderWinPayoutMinor(amountMinor: bigint, payoutRateBp: number): bigint {
  return amountMinor + (amountMinor * BigInt(payoutRateBp)) / BP_PER_ONE;
}

/**
 * A rate as the API writes it ("0.01", "0.85") in basis points (100, 8500); null when it is not a
 * plain decimal with at most 4 places.
 */
export function parseRateBp(rate: string): number | null {
  const text = rate.trim();
  if (!RATE_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}
