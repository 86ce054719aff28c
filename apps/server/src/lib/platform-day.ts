/**
 * Calendar days in the platform time zone (DESIGN.md 6.5: earn interest is paid at 00:00 there).
 * A day is named by its date string `YYYY-MM-DD`; instants are UTC `Date`s. Pure functions, so the
 * jobs that use them can be tested at any boundary without touching the clock.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The platform date (`YYYY-MM-DD`) that contains this instant. */
export function platformDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `YYYY-MM-DD HH:MM:SS` on the wall clock of `timeZone` (statements print times this way). */
export function platformDateTime(instant: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
}

/** The instant the platform date begins (its local 00:00). */
export function startOfPlatformDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const asIfUtc = Date.UTC(year, month - 1, day);
  // The zone's offset at that moment, found by reading the wall clock back; twice, because the
  // first guess can sit on the other side of a daylight-saving change.
  let guess = asIfUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess = asIfUtc - (wallAsUtc - guess);
  }
  return new Date(guess);
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
