import { LANGS } from '@app/contract/lang';
import { TickMarkType } from 'lightweight-charts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTL_LOCALES } from '../../../lib/group-digits';
import { zoneName } from '../../../lib/time';
import { crosshairTimeLabel, deviceZoneShiftSeconds, tickMarkLabel } from './chart-time';

const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Ho_Chi_Minh';
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

const plain = (text: string) => text.replace(/\s/g, ' ');
/** 2026-12-02 17:00 UTC: midnight of Dec 3 on a Vietnamese phone. */
const localMidnight = Date.parse('2026-12-02T17:00:00Z') / 1000;

describe('chart time axis', () => {
  it("shifts bars by the device's offset so the chart's day marks fall at local midnight", () => {
    const shift = deviceZoneShiftSeconds(new Date('2026-12-02T17:00:00Z'));
    expect(shift).toBe(7 * 3600);
    // The shifted time is midnight in the chart's (UTC) reckoning: a day boundary.
    expect((localMidnight + shift) % 86_400).toBe(0);
  });

  it('writes the day at a day boundary and the time of day otherwise, by language', () => {
    const shift = 7 * 3600;
    expect(tickMarkLabel(localMidnight + shift, TickMarkType.DayOfMonth, 'en')).toBe('Dec 3');
    expect(tickMarkLabel(localMidnight + shift, TickMarkType.DayOfMonth, 'vn')).toBe('3 thg 12');
    expect(tickMarkLabel(localMidnight + shift, TickMarkType.DayOfMonth, 'zn')).toBe('12月3日');
    expect(tickMarkLabel(localMidnight + shift + 3600, TickMarkType.Time, 'en')).toBe('01:00');
    expect(tickMarkLabel(localMidnight + shift, TickMarkType.Month, 'en')).toBe('Dec 2026');
    expect(tickMarkLabel(localMidnight + shift, TickMarkType.Year, 'zn')).toBe('2026年');
  });

  it.each(LANGS)('writes times of day as Intl does in %s', (lang) => {
    for (const at of ['2026-12-02T00:00:00Z', '2026-12-02T09:05:07Z', '2026-12-02T23:59:59Z', '2026-12-02T12:30:00Z']) {
      const date = new Date(at);
      const seconds = date.getTime() / 1000;
      const intl = (withSeconds: boolean) =>
        new Intl.DateTimeFormat(INTL_LOCALES[lang], {
          hour: '2-digit',
          minute: '2-digit',
          ...(withSeconds ? { second: '2-digit' } : {}),
          hourCycle: 'h23',
          timeZone: 'UTC',
        }).format(date);
      expect(tickMarkLabel(seconds, TickMarkType.Time, lang), at).toBe(intl(false));
      expect(tickMarkLabel(seconds, TickMarkType.TimeWithSeconds, lang), at).toBe(intl(true));
    }
  });

  it.each(LANGS)('writes the dates of the axis and the crosshair as Intl does in %s, every month', (lang) => {
    const intl = (options: Intl.DateTimeFormatOptions, date: Date) =>
      new Intl.DateTimeFormat(INTL_LOCALES[lang], { ...options, timeZone: 'UTC' }).format(date);
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 7, 5],
        [28, 23, 59],
      ] as const) {
        const date = new Date(Date.UTC(2026, month, day, hour, minute));
        const seconds = date.getTime() / 1000;
        const at = date.toISOString();
        expect(tickMarkLabel(seconds, TickMarkType.Year, lang), at).toBe(intl({ year: 'numeric' }, date));
        expect(tickMarkLabel(seconds, TickMarkType.Month, lang), at).toBe(
          intl({ month: 'short', year: 'numeric' }, date),
        );
        expect(tickMarkLabel(seconds, TickMarkType.DayOfMonth, lang), at).toBe(
          intl({ month: 'short', day: 'numeric' }, date),
        );
        // The crosshair's label: the date and time, then the zone (UTC here: no shift). ICU versions
        // differ in the space they put between a date and a time (Chromium: a space, Node: U+2009).
        expect(crosshairTimeLabel(seconds, 0, lang), at).toBe(
          plain(`${intl({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }, date)} ${zoneName(date, lang)}`),
        );
      }
    }
  });

  it('names the zone in the crosshair label', () => {
    const shift = 7 * 3600;
    expect(plain(crosshairTimeLabel(localMidnight + shift + 90 * 60, shift, 'en'))).toBe('Dec 3, 2026, 01:30 UTC+7');
  });
});
