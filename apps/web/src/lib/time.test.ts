import { LANGS } from '@app/contract/lang';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTL_LOCALES } from './group-digits';
import {
  formatDate,
  formatDateTime,
  formatShortDateTime,
  payoutTimeOfDay,
  platformMidnight,
  zoneName,
  zoneOffsetMinutes,
} from './time';

// The device's zone: a Vietnamese phone. Node re-reads TZ when it is set.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Ho_Chi_Minh';
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

const instant = '2026-12-02T00:00:00Z';
/** Intl may write a no-break space between the date and the time. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('time', () => {
  it('writes a time of day in the device zone, by language, with the zone named', () => {
    expect(plain(formatDateTime(instant, {}, 'en'))).toBe('Dec 2, 2026, 07:00 UTC+7');
    expect(plain(formatDateTime(instant, {}, 'vn'))).toBe('07:00 2 thg 12, 2026 UTC+7');
    expect(plain(formatDateTime(instant, {}, 'zn'))).toBe('2026/12/2 07:00 UTC+7');
    expect(plain(formatDateTime(instant, { seconds: true, zone: false }, 'en'))).toBe('Dec 2, 2026, 07:00:00');
    expect(zoneName(instant, 'en')).toBe('UTC+7');
  });

  it.each(['Asia/Ho_Chi_Minh', 'Asia/Kolkata', 'America/St_Johns', 'America/New_York', 'UTC', 'Asia/Kathmandu'])(
    'names the zone as Intl writes its short offset, in every language (%s, winter and summer)',
    (zone) => {
      process.env.TZ = zone;
      try {
        for (const at of ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z']) {
          for (const lang of LANGS) {
            const intl = new Intl.DateTimeFormat(INTL_LOCALES[lang], { timeZoneName: 'shortOffset' })
              .formatToParts(new Date(at))
              .find((part) => part.type === 'timeZoneName')?.value;
            expect(zoneName(at, lang), `${zone} ${at} ${lang}`).toBe(intl?.replace(/^GMT(\+0)?/, 'UTC'));
          }
        }
      } finally {
        process.env.TZ = 'Asia/Ho_Chi_Minh';
      }
    },
  );

  it('writes a list row time without the year', () => {
    expect(plain(formatShortDateTime('2026-12-02T00:00:05Z', 'en'))).toBe('Dec 2, 07:00:05 UTC+7');
    expect(plain(formatShortDateTime('2026-12-02T00:00:05Z', 'zn'))).toBe('12月2日 07:00:05 UTC+7');
  });

  it('writes a day without a zone', () => {
    expect(formatDate('2026-12-01T20:00:00Z', 'en')).toBe('Dec 2, 2026');
    expect(formatDate('2026-12-01T20:00:00Z', 'zn')).toBe('2026年12月2日');
  });

  it('says -- for a missing or broken instant', () => {
    expect(formatDateTime('not a date', {}, 'en')).toBe('--');
  });

  it("finds the next platform midnight in the device's zone", () => {
    expect(zoneOffsetMinutes('Asia/Ho_Chi_Minh', new Date(instant))).toBe(420);
    expect(zoneOffsetMinutes('America/New_York', new Date('2026-07-01T00:00:00Z'))).toBe(-240);
    expect(zoneOffsetMinutes('UTC', new Date(instant))).toBe(0);
    // A UTC platform pays at 00:00 UTC, which is 07:00 for this device.
    expect(platformMidnight('UTC', new Date('2026-12-02T10:00:00Z')).toISOString()).toBe('2026-12-03T00:00:00.000Z');
    // A Ho Chi Minh platform's midnight is 17:00 UTC the day before.
    expect(platformMidnight('Asia/Ho_Chi_Minh', new Date('2026-12-02T10:00:00Z')).toISOString()).toBe(
      '2026-12-02T17:00:00.000Z',
    );
    expect(platformMidnight('America/New_York', new Date('2026-11-01T03:00:00Z')).toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });

  it('names the payout moment in the user zone', () => {
    expect(payoutTimeOfDay('UTC', 'en')).toEqual({ time: '07:00', zone: 'UTC+7' });
    expect(payoutTimeOfDay('Asia/Ho_Chi_Minh', 'en')).toEqual({ time: '00:00', zone: 'UTC+7' });
  });
});
