import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, platformDate, startOfPlatformDate } from './platform-day.js';

describe('platform day', () => {
  it('names the date of an instant in the platform zone, not in UTC', () => {
    const lateUtc = new Date('2026-03-01T20:30:00Z');
    expect(platformDate(lateUtc, 'UTC')).toBe('2026-03-01');
    expect(platformDate(lateUtc, 'Asia/Ho_Chi_Minh')).toBe('2026-03-02'); // UTC+7
    expect(platformDate(lateUtc, 'America/New_York')).toBe('2026-03-01');
  });

  it('finds the instant a date starts', () => {
    expect(startOfPlatformDate('2026-03-02', 'UTC').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(startOfPlatformDate('2026-03-02', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(startOfPlatformDate('2026-03-02', 'Asia/Taipei').toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('keeps midnight right across daylight-saving changes', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(startOfPlatformDate('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfPlatformDate('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfPlatformDate('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('a day boundary: the last millisecond before midnight belongs to the day before', () => {
    const midnight = startOfPlatformDate('2026-06-10', 'Asia/Ho_Chi_Minh');
    expect(platformDate(midnight, 'Asia/Ho_Chi_Minh')).toBe('2026-06-10');
    expect(platformDate(new Date(midnight.getTime() - 1), 'Asia/Ho_Chi_Minh')).toBe('2026-06-09');
  });

  it('adds and counts calendar days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-30', '2026-03-01')).toBe(30);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
  });
});
