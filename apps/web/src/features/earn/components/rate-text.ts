import { formatDailyRatePercent, isDailyRatePercentText, parseDailyRatePercent } from '@app/contract/flexible-earn';
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

/** Flexible earn's daily rate, already a percentage ("0.02"), as shown: "0.02%" ("0,02%" in Vietnamese). */
export function dailyPercentText(percent: string): string {
  return `${groupDigits(percent)}%`;
}

/**
 * The yearly rate of flexible earn's daily rate (a percentage, "0.02"), the same way as locked
 * earn's `aprPercent`: simple interest, 365 days ("0.02" → "7.3%"), exactly.
 */
export function aprOfDailyPercent(percent: string): string {
  if (!isDailyRatePercentText(percent)) return percent;
  return dailyPercentText(formatDailyRatePercent(parseDailyRatePercent(percent) * 365n));
}

/** The share of the quota sold, in whole tenths of a percent (0–100). */
export function soldPercent(quotaTotal: string, quotaRemaining: string): number {
  const total = toMinor(quotaTotal);
  const remaining = toMinor(quotaRemaining);
  if (total === null || remaining === null || total === 0n) return 0;
  return Number(((total - remaining) * 1000n) / total) / 10;
}
