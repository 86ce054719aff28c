/**
 * The ranges a statement sheet offers, as platform dates (`YYYY-MM-DD`, in the platform time zone,
 * both ends included), computed from the platform's today. Pure, so tests pick any today.
 */
export const RANGE_PRESETS = ['thisMonth', 'lastMonth', 'last3Months', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Today's date in `timeZone`. */
export function platformToday(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const iso = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): { from: string; to: string } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  if (preset === 'thisMonth') return { from: iso(year, month - 1, 1), to: today };
  // Day 0 of a month is the last day of the one before.
  if (preset === 'lastMonth') return { from: iso(year, month - 2, 1), to: iso(year, month - 1, 0) };
  // Three months back to today, both ends included: 24 Aug … 24 Nov is 25 Aug … 24 Nov.
  const lastDayThen = new Date(Date.UTC(year, month - 3, 0)).getUTCDate();
  return { from: iso(year, month - 4, Math.min(day, lastDayThen) + 1), to: today };
}
