import {
  type AmountLimitName,
  LIMIT_RAISE_DELAY_MS,
  type LimitName,
  type LimitRefusalData,
} from '@app/contract/responsible-trading';
import { addDays, platformDate, startOfPlatformDate } from '../../lib/platform-day.js';

/*
 * Responsible trading's rules, pure (no I/O, no clock). Where each rule lives:
 *
 *   rule                                                       home
 *   lowering or a first limit now; raising or removing in 24 h  decideLimitChange (here)
 *   a waiting change is in force from its time                  effectiveLimit (here), also in SQL:
 *                                                               drizzle/functions/responsible_limits_at.sql
 *   periods: platform time zone, weeks from Monday              periodsAt (here)
 *   an order within exclusion, max stake, stake and loss limits orderLimitRefusal (here), applied by
 *                                                               orders/placement-decision.ts, totals read
 *                                                               under the user's lock by orders/order-placer.ts
 *   a deposit request within the deposit limits                 depositLimitRefusal (here), applied by
 *                                                               wallet/deposits.service.ts under the user's lock
 *   an exclusion only ever ends later                           exclusionEnd (here) + a trigger
 *                                                               (responsible_settings_guard.sql)
 *   a session ends at sign-in + the session time limit          sessionEndsAt (here), applied to every
 *                                                               signed-in request and socket by
 *                                                               users/sessions.service.ts resolveSession
 */

export type Period = 'day' | 'week' | 'month';

/** A limit as stored: in force, and a change waiting for its time (`pendingAt` null: none waits). */
export interface StoredLimit {
  value: bigint | null;
  pendingValue: bigint | null;
  pendingAt: Date | null;
}

/** The value in force at `at`: the waiting change once its time has come. */
export function effectiveLimit(limit: StoredLimit, at: Date): bigint | null {
  if (limit.pendingAt && limit.pendingAt.getTime() <= at.getTime()) return limit.pendingValue;
  return limit.value;
}

/**
 * When a session opened at `openedAt` ends by the session time limit (`sessionMinutes`) in force at
 * `now`; null without one. A waiting raise or removal counts from its time, so it may end later than
 * it did a moment ago; a lowered limit can end a session that is already older.
 */
export function sessionEndsAt(limit: StoredLimit, openedAt: Date, now: Date): Date | null {
  const minutes = effectiveLimit(limit, now);
  return minutes === null ? null : new Date(openedAt.getTime() + Number(minutes) * 60_000);
}

/**
 * What a request to set a limit to `requested` (null: remove) stores. Lowering it, or setting one where
 * there was none, is in force at once and drops a waiting raise; raising or removing it waits 24 h (the
 * same request again keeps its time, so asking twice does not push it back); asking for the value in
 * force cancels a waiting change.
 */
export function decideLimitChange(current: StoredLimit, requested: bigint | null, now: Date): StoredLimit {
  const inForce = effectiveLimit(current, now);
  const isTighter = requested !== null && (inForce === null || requested < inForce);
  if (isTighter || requested === inForce) return { value: requested, pendingValue: null, pendingAt: null };
  const isSameWait = current.pendingAt !== null && current.pendingAt > now && current.pendingValue === requested;
  return {
    value: inForce,
    pendingValue: requested,
    pendingAt: isSameWait ? current.pendingAt : new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
  };
}

export interface PeriodBounds {
  start: Date;
  /** When the next period starts: the limit "resets" then. */
  next: Date;
}
export type Periods = Record<Period, PeriodBounds>;

/** The day, week (from Monday) and month containing `at`, in the platform's time zone. */
export function periodsAt(at: Date, timeZone: string): Periods {
  const today = platformDate(at, timeZone);
  const [year, month] = today.split('-').map(Number) as [number, number];
  // 0 = Monday … 6 = Sunday, for the calendar date (no time zone: the date is already the zone's).
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const firstOfMonth = `${year}-${String(month).padStart(2, '0')}-01`;
  const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const at0 = (date: string) => startOfPlatformDate(date, timeZone);
  return {
    day: { start: at0(today), next: at0(addDays(today, 1)) },
    week: { start: at0(monday), next: at0(addDays(monday, 7)) },
    month: { start: at0(firstOfMonth), next: at0(firstOfNext) },
  };
}

/** The money limits in force for one user (absent: none). */
export type AmountLimits = Partial<Record<AmountLimitName, bigint>>;

export interface ExclusionInForce {
  kind: 'cool_off' | 'self_exclusion';
  until: Date;
}

/** A user's totals in the periods, read under the user's lock (what they count: contract responsible-trading.ts). */
export interface OrderTotals {
  stake: Record<Period, bigint>;
  /** Net loss of the orders settled in the period (negative when the wins were larger). */
  loss: Record<Period, bigint>;
  /** stake + fee of every open order: at most what they can still lose. */
  openAtRisk: bigint;
}

type Capped<R extends string> = { refusal: R; data: LimitRefusalData };
export type ExclusionRefusal = { refusal: 'self_excluded'; data: { kind: ExclusionInForce['kind']; until: string } };
export type OrderLimitRefusal =
  | ExclusionRefusal
  | Capped<'self_limit_order_stake'>
  | Capped<'self_limit_stake'>
  | Capped<'self_limit_loss'>;
export type LimitRefusal = OrderLimitRefusal | Capped<'self_limit_deposit'>;

const PERIODS: readonly Period[] = ['day', 'week', 'month'];
const limitName = <K extends 'stake' | 'loss' | 'deposit'>(kind: K, period: Period) =>
  `${kind}${period[0]!.toUpperCase()}${period.slice(1)}` as `${K}${Capitalize<Period>}` & LimitName;

/** The exclusion refuses while it lasts. */
export function exclusionRefusal(exclusion: ExclusionInForce | null, at: Date): ExclusionRefusal | null {
  if (!exclusion || exclusion.until.getTime() <= at.getTime()) return null;
  return { refusal: 'self_excluded', data: { kind: exclusion.kind, until: exclusion.until.toISOString() } };
}

/**
 * An order of `amount` (fee `fee`) against the user's own limits, in this order: the exclusion, the
 * maximum stake per order, the stake limits (day, week, month), the loss limits (worst case: the
 * settled net loss, every open order lost, and this one lost with its fee). First broken one answers.
 */
export function orderLimitRefusal(input: {
  exclusion: ExclusionInForce | null;
  limits: AmountLimits;
  totals: OrderTotals;
  periods: Periods;
  amount: bigint;
  fee: bigint;
  at: Date;
}): OrderLimitRefusal | null {
  const { limits, totals, periods, amount, fee } = input;
  const excluded = exclusionRefusal(input.exclusion, input.at);
  if (excluded) return excluded;
  if (limits.orderStake !== undefined && amount > limits.orderStake) {
    return { refusal: 'self_limit_order_stake', data: { limit: 'orderStake', resetsAt: null } };
  }
  for (const period of PERIODS) {
    const limit = limits[limitName('stake', period)];
    if (limit !== undefined && totals.stake[period] + amount > limit) {
      return refusalOf('self_limit_stake', limitName('stake', period), periods[period]);
    }
  }
  for (const period of PERIODS) {
    const limit = limits[limitName('loss', period)];
    if (limit !== undefined && totals.loss[period] + totals.openAtRisk + amount + fee > limit) {
      return refusalOf('self_limit_loss', limitName('loss', period), periods[period]);
    }
  }
  return null;
}

/** A deposit request of `amount` against the exclusion and the deposit limits; `deposited`: the period's requests so far. */
export function depositLimitRefusal(input: {
  exclusion: ExclusionInForce | null;
  limits: AmountLimits;
  deposited: Record<Period, bigint>;
  periods: Periods;
  amount: bigint;
  at: Date;
}): LimitRefusal | null {
  const excluded = exclusionRefusal(input.exclusion, input.at);
  if (excluded) return excluded;
  for (const period of PERIODS) {
    const limit = input.limits[limitName('deposit', period)];
    if (limit !== undefined && input.deposited[period] + input.amount > limit) {
      return refusalOf('self_limit_deposit', limitName('deposit', period), input.periods[period]);
    }
  }
  return null;
}

function refusalOf<R extends 'self_limit_stake' | 'self_limit_loss' | 'self_limit_deposit'>(
  refusal: R,
  limit: LimitName,
  period: PeriodBounds,
): Capped<R> {
  return { refusal, data: { limit, resetsAt: period.next.toISOString() } };
}

/** A new exclusion's end: `from` plus the period; never earlier than the one in force (nobody shortens one). */
export function exclusionEnd(
  period: { kind: 'cool_off'; days: number } | { kind: 'self_exclusion'; months: number },
  from: Date,
): Date {
  if (period.kind === 'cool_off') return new Date(from.getTime() + period.days * 86_400_000);
  const end = new Date(from.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + period.months);
  // The same day of the month, or the month's last when it has fewer days (31 Aug + 6 months = 28/29 Feb).
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** What responsible_limits_at.sql answers, read: null when the user set nothing that refuses. */
export interface LimitsInForce {
  limits: AmountLimits;
  exclusion: ExclusionInForce | null;
}

export function parseLimitsInForce(doc: unknown): LimitsInForce | null {
  if (doc === null || doc === undefined) return null;
  const raw = (typeof doc === 'string' ? JSON.parse(doc) : doc) as {
    limits: Record<string, string>;
    exclusion: { kind: ExclusionInForce['kind']; until: string } | null;
  };
  const limits: AmountLimits = {};
  for (const [name, value] of Object.entries(raw.limits)) limits[name as AmountLimitName] = BigInt(value);
  return {
    limits,
    exclusion: raw.exclusion ? { kind: raw.exclusion.kind, until: new Date(raw.exclusion.until) } : null,
  };
}

/** Whether the user's order totals are needed at all (only stake and loss limits read them). */
export function needsOrderTotals(inForce: LimitsInForce | null): boolean {
  if (!inForce) return false;
  return Object.keys(inForce.limits).some((name) => name.startsWith('stake') || name.startsWith('loss'));
}
