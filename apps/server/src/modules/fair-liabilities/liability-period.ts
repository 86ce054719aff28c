import { addDays, platformDate, startOfPlatformDate } from '../../lib/platform-day.js';

/**
 * The periods of the proof of liabilities: platform days (PLATFORM_TIME_ZONE), or intervals of
 * FAIR_LIABILITIES_EVERY_SECONDS counted from the Unix epoch. A period is named by its `day`: the
 * date `YYYY-MM-DD`, or the interval's start `YYYY-MM-DDTHH:MM:SSZ`. Pure, so any boundary can be tested.
 */
export interface LiabilitySchedule {
  /** Null: one tree per platform day. */
  everySeconds: number | null;
  timeZone: string;
}

export interface LiabilityPeriod {
  day: string;
  startMs: number;
  /** When the next period starts (and its tree is due). */
  endMs: number;
}

export function liabilityPeriodAt(instant: Date, schedule: LiabilitySchedule): LiabilityPeriod {
  if (schedule.everySeconds === null) {
    const day = platformDate(instant, schedule.timeZone);
    return {
      day,
      startMs: startOfPlatformDate(day, schedule.timeZone).getTime(),
      endMs: startOfPlatformDate(addDays(day, 1), schedule.timeZone).getTime(),
    };
  }
  const lengthMs = schedule.everySeconds * 1000;
  const startMs = Math.floor(instant.getTime() / lengthMs) * lengthMs;
  return { day: new Date(startMs).toISOString().replace('.000Z', 'Z'), startMs, endMs: startMs + lengthMs };
}
