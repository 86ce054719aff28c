import type { Lang } from '@app/contract/lang';
import { INTL_LOCALES } from './group-digits';
import { currentLang } from './i18n';

/**
 * Dates and times as the user reads them: in the device's time zone, written by Intl in the app's
 * language, with the zone named wherever a time of day is shown (DESIGN.md 7). One zone everywhere:
 * the platform's daily payout moment is converted to it too (`platformMidnight`).
 */

type Instant = string | number | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter in the device's zone writes in the zone it was made in: the key holds the device's
 * offset at the moment written, so a phone that changes zone (a traveller) gets new ones.
 */
function formatter(lang: Lang, options: Intl.DateTimeFormatOptions, at: Date): Intl.DateTimeFormat {
  const zone = options.timeZone ?? at.getTimezoneOffset();
  const key = `${lang}|${zone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[lang], options);
    formatters.set(key, format);
  }
  return format;
}

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

/**
 * "UTC+7", "UTC+5:30", "UTC": the device's zone at that moment (offsets move with daylight
 * saving), as exchanges write it, the same in every language. Made from the date's offset as Intl's
 * `shortOffset` writes it (the test beside this file compares them): the first time-zone formatter
 * of a visit loads the zone data, a long task on a phone, in front of the chart (the lang argument
 * stays for the callers).
 */
export function zoneName(at: Instant = Date.now(), _lang: Lang = currentLang()): string {
  const offset = -toDate(at).getTimezoneOffset();
  if (!Number.isFinite(offset) || offset === 0) return 'UTC';
  const minutes = Math.abs(offset) % 60;
  return `UTC${offset < 0 ? '-' : '+'}${Math.floor(Math.abs(offset) / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** "Dec 2, 2026, 07:00 UTC+7" (en), "07:00 2 thg 12, 2026 UTC+7" (vn), "2026/12/2 07:00 UTC+7" (zn). */
export function formatDateTime(
  value: Instant,
  { seconds = false, zone = true }: { seconds?: boolean; zone?: boolean } = {},
  lang: Lang = currentLang(),
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '--';
  const text = formatter(
    lang,
    {
      dateStyle: 'medium',
      timeStyle: seconds ? 'medium' : 'short',
      hourCycle: 'h23',
    },
    date,
  ).format(date);
  return zone ? `${text} ${zoneName(date, lang)}` : text;
}

/** "Dec 2, 07:00:05 UTC+7": a list row's time, without the year. */
export function formatShortDateTime(value: Instant, lang: Lang = currentLang()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '--';
  const text = formatter(
    lang,
    {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    },
    date,
  ).format(date);
  return `${text} ${zoneName(date, lang)}`;
}

/** "Dec 2, 2026": a day, no time of day, so no zone. */
export function formatDate(value: Instant, lang: Lang = currentLang()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '--';
  return formatter(lang, { dateStyle: 'medium' }, date).format(date);
}

/** "Dec 2, 2026" for a platform calendar day "2026-12-02" (no zone shift: the day is the day). */
export function formatCalendarDate(ymd: string, lang: Lang = currentLang()): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return ymd;
  return formatter(lang, { dateStyle: 'medium', timeZone: 'UTC' }, date).format(date);
}

/** "07:00": the time of day in the device's zone. */
export function formatTimeOfDay(value: Instant, lang: Lang = currentLang()): string {
  const date = toDate(value);
  return formatter(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, date).format(date);
}

/** Minutes east of UTC of `timeZone` at `at` ("GMT+07:00" → 420). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The next 00:00 in the platform's zone after `now`: the moment daily earn interest is paid. */
export function platformMidnight(platformTimeZone: string, now: Date = new Date()): Date {
  const DAY = 86_400_000;
  const offset = zoneOffsetMinutes(platformTimeZone, now) * 60_000;
  const platformWall = now.getTime() + offset;
  const nextMidnightWall = platformWall - (((platformWall % DAY) + DAY) % DAY) + DAY;
  // Re-read the offset at the result: a daylight-saving change may fall within the day.
  return new Date(nextMidnightWall - zoneOffsetMinutes(platformTimeZone, new Date(nextMidnightWall - offset)) * 60_000);
}

/** "07:00 (UTC+7)": when the platform's daily payout happens, in the user's zone. */
export function payoutTimeOfDay(platformTimeZone: string, lang: Lang = currentLang()): { time: string; zone: string } {
  const at = platformMidnight(platformTimeZone);
  return { time: formatTimeOfDay(at, lang), zone: zoneName(at, lang) };
}
