import { addDays, daysBetween, platformDate, startOfPlatformDate } from '../../lib/platform-day.js';

/**
 * The calendar of a locked deposit, as pure functions of platform dates (`YYYY-MM-DD` in
 * config.platformTimeZone). For a purchase on platform date D with a cycle of N days:
 *
 * - the interest days are D+1 … D+N (N of them: interest accrues from the day after purchase;
 *   the purchase day itself earns nothing);
 * - the interest of day X is paid at 00:00 that ends it, i.e. on payout date X+1, so the payout
 *   dates are D+2 … D+N+1;
 * - on the last payout date D+N+1 (`maturity date`) the principal returns with the last day's
 *   interest and the order becomes complete.
 *
 * Each interest day pays exactly `dailyInterest` = floor(amount × daily rate) (rounded down to the
 * minor unit), so the quoted estimate N × dailyInterest is exactly what is paid in total.
 *
 * Example: bought 2026-03-10 (any time that day) for 7 days: interest for 03-11 … 03-17, paid at
 * 00:00 of 03-12 … 03-18; the principal returns at 00:00 of 03-18.
 */
export interface WealthCalendar {
  purchaseDate: string;
  /** The first interest day (D+1). */
  startDate: string;
  /** The last interest day (D+N). */
  endDate: string;
  /** The payout date of the first interest day (D+2): the order's first `nextPayoutDate`. */
  firstPayoutDate: string;
  /** The date whose 00:00 pays the last interest and returns the principal (D+N+1). */
  maturityDate: string;
}

export function wealthCalendar(purchaseDate: string, cycleDays: number): WealthCalendar {
  return {
    purchaseDate,
    startDate: addDays(purchaseDate, 1),
    endDate: addDays(purchaseDate, cycleDays),
    firstPayoutDate: addDays(purchaseDate, 2),
    maturityDate: addDays(purchaseDate, cycleDays + 1),
  };
}

/** The instant the principal returns: 00:00 of the maturity date in the platform time zone. */
export function maturesAt(purchaseDate: string, cycleDays: number, timeZone: string): Date {
  return startOfPlatformDate(wealthCalendar(purchaseDate, cycleDays).maturityDate, timeZone);
}

export function purchaseDateOf(instant: Date, timeZone: string): string {
  return platformDate(instant, timeZone);
}

export interface AccrualState {
  purchaseDate: string;
  cycleDays: number;
  daysPaid: number;
}

/**
 * What is due on platform date `today` (the job may run late, or skip days: it catches up): the
 * interest days not yet paid whose payout date is `today` or earlier, oldest first, and whether the
 * order matures with them.
 */
export function dueInterestDays(order: AccrualState, today: string): { dates: string[]; isMaturing: boolean } {
  // Interest day k (1-based) is D+k and is paid on D+k+1, so on `today` days 1 … (today − D − 1) are payable.
  const payableThrough = Math.min(order.cycleDays, daysBetween(order.purchaseDate, today) - 1);
  const dates: string[] = [];
  for (let k = order.daysPaid + 1; k <= payableThrough; k++) dates.push(addDays(order.purchaseDate, k));
  return { dates, isMaturing: payableThrough === order.cycleDays && order.daysPaid < order.cycleDays };
}

/** The payout date of the next unpaid interest day after `daysPaid` days have been paid. */
export function nextPayoutDateAfter(purchaseDate: string, daysPaid: number): string {
  return addDays(purchaseDate, daysPaid + 2);
}
