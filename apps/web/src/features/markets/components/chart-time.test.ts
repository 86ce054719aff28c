import { TickMarkType } from 'lightweight-charts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('names the zone in the crosshair label', () => {
    const shift = 7 * 3600;
    expect(plain(crosshairTimeLabel(localMidnight + shift + 90 * 60, shift, 'en'))).toBe('Dec 3, 2026, 01:30 UTC+7');
  });
});
