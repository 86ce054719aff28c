import { formatRatePpm, parseRatePpm } from '@app/contract/wealth';
import { groupDigits } from '../../../lib/group-digits';
import { toMinor } from '../../../lib/money';

/** "0.0003" (a daily rate) → "0.03%" ("0,03%" in Vietnamese), exactly: the rate in ppm × 100 is the percentage in ppm. */
export function ratePercent(rate: string): string {
  const ppm = parseRatePpm(rate);
  return ppm === null ? rate : `${groupDigits(formatRatePpm(ppm * 100))}%`;
}

/**
 * The yearly rate of a daily rate, as the anchors show it beside the daily one: simple interest on
 * the principal, 365 days ("0.0003" → "10.95%"), exactly.
 */
export function aprPercent(dailyRate: string): string {
  const ppm = parseRatePpm(dailyRate);
  return ppm === null ? dailyRate : `${groupDigits(formatRatePpm(ppm * 365 * 100))}%`;
}

/** The share of the quota sold, in whole tenths of a percent (0–100). */
export function soldPercent(quotaTotal: string, quotaRemaining: string): number {
  const total = toMinor(quotaTotal);
  const remaining = toMinor(quotaRemaining);
  if (total === null || remaining === null || total === 0n) return 0;
  return Number(((total - remaining) * 1000n) / total) / 10;
}
