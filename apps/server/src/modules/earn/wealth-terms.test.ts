import { dailyInterestMinor, formatRatePpm, parseRatePpm } from '@app/contract/wealth';
import { expect, test } from 'vitest';
import { dueInterestDays, maturesAt, nextPayoutDateAfter, purchaseDateOf, wealthCalendar } from './wealth-terms.js';

/** The calendar and the money of one order, as pure functions (no clock, no database). */

test('a 7-day order bought on D earns for D+1 … D+7 and matures at 00:00 of D+8', () => {
  expect(wealthCalendar('2026-03-10', 7)).toEqual({
    purchaseDate: '2026-03-10',
    startDate: '2026-03-11',
    endDate: '2026-03-17',
    firstPayoutDate: '2026-03-12',
    maturityDate: '2026-03-18',
  });
  expect(maturesAt('2026-03-10', 7, 'UTC').toISOString()).toBe('2026-03-18T00:00:00.000Z');
  // Ho Chi Minh City is UTC+7: its 00:00 is 17:00 UTC the day before.
  expect(maturesAt('2026-03-10', 7, 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-03-17T17:00:00.000Z');
});

test('the purchase date is the platform date, not the UTC date', () => {
  const lateUtc = new Date('2026-03-10T18:30:00Z');
  expect(purchaseDateOf(lateUtc, 'UTC')).toBe('2026-03-10');
  expect(purchaseDateOf(lateUtc, 'Asia/Ho_Chi_Minh')).toBe('2026-03-11');
  expect(purchaseDateOf(new Date('2026-03-10T16:59:59.999Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-03-10');
  expect(purchaseDateOf(new Date('2026-03-10T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-03-11');
  // New York on the spring-forward day (23 hours long).
  expect(purchaseDateOf(new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('2026-03-07');
  expect(purchaseDateOf(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08');
});

test('nothing is due on the purchase date or the day after; the first day is paid on D+2', () => {
  const order = { purchaseDate: '2026-03-10', cycleDays: 7, daysPaid: 0 };
  expect(dueInterestDays(order, '2026-03-10')).toEqual({ dates: [], isMaturing: false });
  expect(dueInterestDays(order, '2026-03-11')).toEqual({ dates: [], isMaturing: false });
  expect(dueInterestDays(order, '2026-03-12')).toEqual({ dates: ['2026-03-11'], isMaturing: false });
  expect(nextPayoutDateAfter('2026-03-10', 0)).toBe('2026-03-12');
  expect(nextPayoutDateAfter('2026-03-10', 1)).toBe('2026-03-13');
});

test('the maturity day pays the last interest day and the principal', () => {
  const order = { purchaseDate: '2026-03-10', cycleDays: 7, daysPaid: 6 };
  expect(dueInterestDays(order, '2026-03-17')).toEqual({ dates: [], isMaturing: false });
  expect(dueInterestDays(order, '2026-03-18')).toEqual({ dates: ['2026-03-17'], isMaturing: true });
  expect(dueInterestDays({ ...order, daysPaid: 7 }, '2026-03-18')).toEqual({ dates: [], isMaturing: false });
});

test('missed days are caught up, oldest first, never beyond the cycle', () => {
  const order = { purchaseDate: '2026-03-10', cycleDays: 7, daysPaid: 2 };
  expect(dueInterestDays(order, '2026-03-16').dates).toEqual(['2026-03-13', '2026-03-14', '2026-03-15']);
  const late = dueInterestDays(order, '2026-04-30');
  expect(late.dates).toEqual(['2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17']);
  expect(late.isMaturing).toBe(true);
});

test('a one-day product: bought on D, interest for D+1, principal back at 00:00 of D+2', () => {
  const order = { purchaseDate: '2026-12-31', cycleDays: 1, daysPaid: 0 };
  expect(dueInterestDays(order, '2027-01-01')).toEqual({ dates: [], isMaturing: false });
  expect(dueInterestDays(order, '2027-01-02')).toEqual({ dates: ['2027-01-01'], isMaturing: true });
});

test('daily interest rounds down to the minor unit', () => {
  // 1000 USDT at 0.03 % a day: exactly 0.3 USDT.
  expect(dailyInterestMinor(1_000_000_000n, 300)).toBe(300_000n);
  // 123.456789 USDT at 0.0333 %: 0.041111110737 → 0.041111.
  expect(dailyInterestMinor(123_456_789n, 333)).toBe(41_111n);
  // 0.000001 USDT earns nothing at any rate below 100 %.
  expect(dailyInterestMinor(1n, 99_999)).toBe(0n);
  // 3333.333333 at 0.7 % a day: 23.333333331 → 23.333333.
  expect(dailyInterestMinor(3_333_333_333n, 7_000)).toBe(23_333_333n);
});

test('rates cross the API as decimals with up to 6 places', () => {
  expect(parseRatePpm('0.0003')).toBe(300);
  expect(parseRatePpm('0.123456')).toBe(123_456);
  expect(parseRatePpm('0.1234567')).toBeNull();
  expect(parseRatePpm('-0.1')).toBeNull();
  expect(parseRatePpm('abc')).toBeNull();
  expect(formatRatePpm(300)).toBe('0.0003');
  expect(formatRatePpm(1_000_000)).toBe('1');
  expect(formatRatePpm(1_500_000)).toBe('1.5');
});
