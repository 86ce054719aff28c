import { formatAmount, parseAmount } from '@app/contract/money';
import {
  type ExcludeRequest,
  LIMIT_NAMES,
  type LimitName,
  type LimitView,
  type ResponsibleState,
  type SessionSummary,
  type SetLimitsRequest,
} from '@app/contract/responsible-trading';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import type { DomainEvents } from '../../domain-events.js';
import { AppError } from '../../http/app-error.js';
import type { SessionEndRule } from '../users/session-time-limit.js';
import { endSession, listSessions } from '../users/sessions.service.js';
import { assertNotLocked, isLoginPassword, type SessionUser } from '../users/users.service.js';
import {
  decideLimitChange,
  depositLimitRefusal,
  effectiveLimit,
  exclusionEnd,
  type Period,
  type Periods,
  parseLimitsInForce,
  periodsAt,
  type StoredLimit,
  sessionEndsAt,
} from './limit-rules.js';
import * as repo from './responsible-trading.repo.js';

/*
 * The user's own limits, reality check and exclusion (issue 14). The rules are in limit-rules.ts (the
 * table at its top); this file reads, locks and writes. Time is an argument (`now`), so tests drive it.
 */

const NONE: StoredLimit = { value: null, pendingValue: null, pendingAt: null };

/** What the responsible screen shows: every limit with its waiting change, the reality check, the exclusion. */
export async function getState(db: Db, userId: number, now: Date): Promise<ResponsibleState> {
  const [limits, settings] = await Promise.all([repo.findLimits(db, userId), repo.findSettings(db, userId)]);
  return {
    limits: LIMIT_NAMES.map((name) => toLimitView(name, limits.get(name) ?? NONE, now)),
    realityCheckMinutes: settings?.realityCheckMinutes ?? null,
    exclusion:
      settings?.excludedUntil && settings.excludedUntil > now && settings.exclusionKind && settings.excludedSince
        ? {
            kind: settings.exclusionKind,
            since: settings.excludedSince.toISOString(),
            until: settings.excludedUntil.toISOString(),
          }
        : null,
  };
}

function toLimitView(name: LimitName, stored: StoredLimit, now: Date): LimitView {
  const text = (value: bigint | null) =>
    value === null ? null : name === 'sessionMinutes' ? value.toString() : formatAmount(value);
  const inForce = effectiveLimit(stored, now);
  const isWaiting = stored.pendingAt !== null && stored.pendingAt > now;
  return {
    name,
    value: text(inForce),
    pending: isWaiting ? { value: text(stored.pendingValue), effectiveAt: stored.pendingAt!.toISOString() } : null,
  };
}

/** Sets the limits the request names (decideLimitChange: tighter now, looser in 24 h), in one transaction. */
export async function setLimits(db: Db, userId: number, input: SetLimitsRequest, now: Date): Promise<void> {
  const requested = Object.entries(input.limits).filter(([, v]) => v !== undefined) as Array<
    [LimitName, string | number | null]
  >;
  if (requested.length === 0) return;
  await transact(db, async (tx) => {
    const stored = await repo.findLimits(tx, userId, true);
    for (const [name, raw] of requested) {
      const value = raw === null ? null : typeof raw === 'number' ? BigInt(raw) : parseAmount(raw);
      const next = decideLimitChange(stored.get(name) ?? NONE, value, now);
      await repo.saveLimit(tx, userId, name, next);
    }
  });
}

export async function setRealityCheck(db: Db, userId: number, minutes: number | null): Promise<void> {
  await repo.saveRealityCheck(db, userId, minutes);
}

/**
 * Starts a cool-off or self-exclusion, confirmed with the login password. One in force only ever ends
 * later: a shorter request keeps the end already set (and the database's trigger refuses anything else).
 */
export async function exclude(db: Db, current: SessionUser, input: ExcludeRequest, now: Date): Promise<void> {
  const user = await assertNotLocked(db, current.user.id, 'login');
  if (!(await isLoginPassword(user, input.password))) throw new AppError('password_incorrect');
  await transact(db, async (tx) => {
    const settings = await repo.findSettings(tx, user.id, true);
    const asked = exclusionEnd(input.period, now);
    const inForce = settings?.excludedUntil && settings.excludedUntil > now ? settings : null;
    if (inForce && inForce.excludedUntil! >= asked) return;
    await repo.saveExclusion(tx, user.id, {
      // A longer one extends the one in force; its kind is the longer request's.
      kind: input.period.kind,
      since: inForce?.excludedSince ?? now,
      until: asked,
    });
  });
}

/**
 * The deposit limits and the exclusion, checked when a deposit request is submitted, inside the
 * caller's transaction: the user's deposits are serialised by a lock first, then `depositedSince`
 * (the wallet's own totals of requests not rejected) is read, so two requests at once cannot both
 * pass a limit.
 */
export async function assertDepositAllowed(
  tx: Tx,
  input: {
    userId: number;
    amount: bigint;
    now: Date;
    timeZone: string;
    depositedSince: (starts: Record<Period, Date>) => Promise<Record<Period, bigint>>;
  },
): Promise<void> {
  await repo.lockUserDeposits(tx, input.userId);
  const inForce = parseLimitsInForce(await repo.limitsAt(tx, input.userId, input.now));
  if (!inForce) return;
  const periods = periodsAt(input.now, input.timeZone);
  const hasDepositLimit = Object.keys(inForce.limits).some((name) => name.startsWith('deposit'));
  const deposited = hasDepositLimit ? await input.depositedSince(startsOf(periods)) : { day: 0n, week: 0n, month: 0n };
  const refusal = depositLimitRefusal({ ...inForce, deposited, periods, amount: input.amount, at: input.now });
  if (refusal) throw new AppError(refusal.refusal, refusal.data);
}

function startsOf(periods: Periods): Record<Period, Date> {
  return { day: periods.day.start, week: periods.week.start, month: periods.month.start };
}

/** The session's orders, read by the orders module (wired by the app: this module does not import orders). */
export type SessionOrderTotals = (
  db: Db,
  userId: number,
  since: Date,
) => Promise<{ orders: number; stake: bigint; won: bigint; lost: bigint; net: bigint }>;

/**
 * The user's session time limit as a rule for the users module (AppContext.sessionTimeLimit, wired by
 * the app), which asks it on every signed-in request: null when the user never set one.
 */
export async function sessionEndRule(db: DbOrTx, userId: number): Promise<SessionEndRule | null> {
  const stored = await repo.findLimit(db, userId, 'sessionMinutes');
  return stored ? (openedAt, now) => sessionEndsAt(stored, openedAt, now) : null;
}

/**
 * The reality check's numbers for the current session, and the session time limit: once it has run
 * out, the session is ended here and the answer is `session_expired` (the app signs the user out).
 */
export async function sessionSummary(
  db: Db,
  events: DomainEvents,
  current: SessionUser,
  now: Date,
  orderTotals: SessionOrderTotals,
): Promise<SessionSummary> {
  const userId = current.user.id;
  const sessions = await listSessions(db, userId, current.sessionId);
  const session = sessions.find((s) => s.isCurrent);
  if (!session) throw new AppError('session_expired');
  const loginAt = new Date(session.createdAt);
  const [limits, settings] = await Promise.all([repo.findLimits(db, userId), repo.findSettings(db, userId)]);
  const endsAt = sessionEndsAt(limits.get('sessionMinutes') ?? NONE, loginAt, now);
  // Every signed-in request checks this already (users resolveSession, from a rule cached for a few
  // seconds); this read is fresh.
  if (endsAt && endsAt <= now) {
    await endSession(db, events, userId, current.sessionId);
    throw new AppError('session_expired');
  }
  const totals = await orderTotals(db, userId, loginAt);
  return {
    loginAt: loginAt.toISOString(),
    endsAt: endsAt?.toISOString() ?? null,
    realityCheckMinutes: settings?.realityCheckMinutes ?? null,
    orders: totals.orders,
    stake: formatAmount(totals.stake),
    won: formatAmount(totals.won),
    lost: formatAmount(totals.lost),
    net: formatSigned(totals.net),
  };
}

function formatSigned(amount: bigint): string {
  return amount < 0n ? `-${formatAmount(-amount)}` : formatAmount(amount);
}
