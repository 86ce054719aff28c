import type { Lang } from '@app/contract/lang';
import { TickMarkType } from 'lightweight-charts';
import { INTL_LOCALES } from '../../../lib/group-digits';
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

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(lang: Lang, options: Intl.DateTimeFormatOptions, date: Date): string {
  const key = `${lang}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[lang], { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** The time axis: the year, month or day at their boundaries, else the time of day. */
export function tickMarkLabel(shiftedSeconds: number, type: TickMarkType, lang: Lang): string {
  const date = new Date(shiftedSeconds * 1000);
  switch (type) {
    case TickMarkType.Year:
      return format(lang, { year: 'numeric' }, date);
    case TickMarkType.Month:
      return format(lang, { month: 'short', year: 'numeric' }, date);
    case TickMarkType.DayOfMonth:
      return format(lang, { month: 'short', day: 'numeric' }, date);
    case TickMarkType.TimeWithSeconds:
      return format(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }, date);
    default:
      return format(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, date);
  }
}

/** The crosshair's label: the full date and time, with the zone the axis is in. */
export function crosshairTimeLabel(shiftedSeconds: number, shift: number, lang: Lang): string {
  const date = new Date(shiftedSeconds * 1000);
  const text = format(lang, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }, date);
  return `${text} ${zoneName(new Date((shiftedSeconds - shift) * 1000), lang)}`;
}
