import type { Lang } from '@app/contract/lang';
import { TickMarkType } from 'lightweight-charts';
import { zoneName } from '../../../lib/time';

/**
 * The chart reads bar times as UTC and puts its day marks at UTC midnight (07:00 for a Vietnamese
 * phone: an hourly chart read "07:00 … 07:00"). Bars are drawn shifted by the device's offset, so
 * the chart's "UTC" is the user's wall clock: day marks fall at local midnight, and labels are
 * written from the shifted time in UTC. One offset for the whole chart (taken when it is drawn):
 * per-bar offsets would fold an hour of bars onto itself at a daylight-saving change.
 */
export function deviceZoneShiftSeconds(at: Date = new Date()): number {
  return -at.getTimezoneOffset() * 60;
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface DateParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/**
 * The chart's dates as Intl writes them in each language (year; short month and year; short month
 * and day; medium date with a 24-hour time), written directly: the test beside this file compares
 * them with Intl for every month. A phone's first Intl date formatter builds the locale's patterns,
 * a long task the chart would otherwise run into on its first drawing (and the readout on its first
 * candle).
 */
const DATE_LABELS: Record<
  Lang,
  {
    year: (date: DateParts) => string;
    month: (date: DateParts) => string;
    day: (date: DateParts) => string;
    dateTime: (date: DateParts, time: string) => string;
  }
> = {
  en: {
    year: ({ year }) => `${year}`,
    month: ({ year, month }) => `${MONTHS_EN[month - 1]} ${year}`,
    day: ({ month, day }) => `${MONTHS_EN[month - 1]} ${day}`,
    dateTime: ({ year, month, day }, time) => `${MONTHS_EN[month - 1]} ${day}, ${year}, ${time}`,
  },
  vn: {
    year: ({ year }) => `${year}`,
    month: ({ year, month }) => `thg ${month} ${year}`,
    day: ({ month, day }) => `${day} thg ${month}`,
    dateTime: ({ year, month, day }, time) => `${time} ${day} thg ${month}, ${year}`,
  },
  zn: {
    year: ({ year }) => `${year}年`,
    month: ({ year, month }) => `${year}年${month}月`,
    day: ({ month, day }) => `${month}月${day}日`,
    dateTime: ({ year, month, day }, time) => `${year}/${month}/${day} ${time}`,
  },
};

const partsOf = (date: Date): DateParts => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
});

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "07:05" or "07:05:09": a 24-hour time, as Intl writes it in each of the languages. */
function timeOfDay(date: Date, withSeconds: boolean): string {
  const time = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
  return withSeconds ? `${time}:${twoDigits(date.getUTCSeconds())}` : time;
}

/** The time axis: the year, month or day at their boundaries, else the time of day. */
export function tickMarkLabel(shiftedSeconds: number, type: TickMarkType, lang: Lang): string {
  const date = new Date(shiftedSeconds * 1000);
  switch (type) {
    case TickMarkType.Year:
      return DATE_LABELS[lang].year(partsOf(date));
    case TickMarkType.Month:
      return DATE_LABELS[lang].month(partsOf(date));
    case TickMarkType.DayOfMonth:
      return DATE_LABELS[lang].day(partsOf(date));
    case TickMarkType.TimeWithSeconds:
      return timeOfDay(date, true);
    default:
      return timeOfDay(date, false);
  }
}

/** The crosshair's label: the full date and time, with the zone the axis is in. */
export function crosshairTimeLabel(shiftedSeconds: number, shift: number, lang: Lang): string {
  const date = new Date(shiftedSeconds * 1000);
  const text = DATE_LABELS[lang].dateTime(partsOf(date), timeOfDay(date, false));
  return `${text} ${zoneName(new Date((shiftedSeconds - shift) * 1000), lang)}`;
}
