import { formatRatePpm, parseRatePpm } from '@app/contract/wealth';
import { toMinor } from '../../../lib/money';

/** "0.0003" (a daily rate) → "0.03%", exactly: the rate in ppm × 100 is the percentage in ppm. */
export function ratePercent(rate: string): string {
  const ppm = parseRatePpm(rate);
  return ppm === null ? rate : `${formatRatePpm(ppm * 100)}%`;
}

/** The share of the quota sold, in whole tenths of a percent (0–100). */
export function soldPercent(quotaTotal: string, quotaRemaining: string): number {
  const total = toMinor(quotaTotal);
  const remaining = toMinor(quotaRemaining);
  if (total === null || remaining === null || total === 0n) return 0;
  return Number(((total - remaining) * 1000n) / total) / 10;
}
