import { LOGIN_HISTORY_DAYS, type LoginAttempt, type LoginOutcome, type UserSession } from '@app/contract/sessions';
import type { Db, DbOrTx } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import { AppError } from '../../http/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import { deviceKeyOf, deviceLabelOf, deviceOf } from './device.js';
import { forgetUserSessions } from './session-cache.js';
import type { SessionTimeLimit } from './session-time-limit.js';
import * as repo from './sessions.repo.js';
import * as usersRepo from './users.repo.js';
import { authenticate, type RequestMeta, SESSION_IDLE_MS, type SessionUser } from './users.service.js';
import type { UserLoginAttemptRow, UserSessionRow } from './users.tables.js';

/**
 * Sessions and login history (issue 14).
 *
 * | rule | where |
 * | --- | --- |
 * | a user sees and ends only their own sessions | `revokeUserSession` matches id and user |
 * | an ended token fails at once, in every process | `announceRevoked`: this process's cache, then `sessionRevoked` (app.ts carries it over the bus) |
 * | no request or socket outlives the user's session time limit | `resolveSession` (the rule: responsible-trading `sessionEndsAt`) |
 * | attempts are stored only against an existing account | `recordLogin` (unknown names throw before anything is stored) |
 * | a failed second step is stored against the user it was for | `recordLogin` with a `LoginStepUser` its step fills in |
 * | history kept 90 days | `listLoginHistory` reads 90 days; `pruneLoginHistory` deletes older rows |
 */

export const LOGIN_HISTORY_MS = LOGIN_HISTORY_DAYS * 24 * 3_600_000;
const PRUNE_BATCH_ROWS = 5_000;

/** Failures of a login step that belong to an existing account, stored with their reason. */
const FAILURE_OUTCOMES: Partial<Record<string, LoginOutcome>> = {
  password_incorrect: 'password_incorrect',
  account_locked: 'account_locked',
  account_disabled: 'account_disabled',
  // user/login_two_factor: the code after a right password.
  two_factor_code_incorrect: 'two_factor_incorrect',
  two_factor_code_used: 'two_factor_incorrect',
  // user/login_passkey: an answer that did not hold, or a replayed one.
  passkey_verification_failed: 'passkey_failed',
  passkey_challenge_expired: 'passkey_failed',
  passkey_counter_invalid: 'passkey_failed',
};

/**
 * Whose sign-in a second step is (user/login_two_factor, user/login_passkey): nobody typed a name, so
 * the step fills in the user as soon as it knows (the challenge's user, the passkey's owner), and a
 * failure after that point is stored against them. Left empty, a failure is stored nowhere.
 */
export interface LoginStepUser {
  userId?: number;
}

/** The name typed at the password step (looked up again), or the user a second step found. */
export type LoginSubject = string | LoginStepUser;

export async function listSessions(db: DbOrTx, userId: number, currentSessionId: number): Promise<UserSession[]> {
  const rows = await repo.listLiveSessions(db, userId, SESSION_IDLE_MS);
  return rows.map((row) => ({ ...toSessionView(row), isCurrent: row.id === currentSessionId }));
}

export function toSessionView(row: UserSessionRow) {
  return {
    id: String(row.id),
    device: deviceOf(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

/** What resolving a session needs of the app (AppContext has it). */
export interface SessionContext {
  database: { db: Db };
  events: DomainEvents;
  sessionTimeLimit: SessionTimeLimit;
}

/**
 * Resolves the bearer token of a signed-in request or socket to its session: null when unknown,
 * revoked or idle, and null once the user's session time limit (issue 14) has run out, the session
 * ended here first. So the limit holds for every client, not only one that asks for the reality check:
 * another device, a stopped tab, a script. The limit's rule rides in the session cache: a request adds
 * no query. Time is the server's clock (`Date`, which tests drive).
 */
export async function resolveSession(
  ctx: SessionContext,
  token: string,
  now = new Date(),
): Promise<SessionUser | null> {
  const session = await authenticate(ctx.database.db, token, ctx.sessionTimeLimit);
  if (!session) return null;
  const endsAt = session.endRule?.(session.openedAt, now) ?? null;
  if (endsAt !== null && endsAt.getTime() <= now.getTime()) {
    // Two requests at once may both get here: the second finds it ended already, and both refuse.
    await repo.revokeUserSession(ctx.database.db, session.user.id, session.sessionId);
    announceRevoked(ctx.events, session.user.id);
    return null;
  }
  return { user: session.user, sessionId: session.sessionId };
}

/** Ends one of the user's sessions (the current one too: that is a logout). */
export async function endSession(db: Db, events: DomainEvents, userId: number, sessionId: number): Promise<void> {
  if (!(await repo.revokeUserSession(db, userId, sessionId))) throw new AppError('session_not_found');
  announceRevoked(events, userId);
}

/** Ends every session of the user but `keepSessionId` (the user's "sign out other devices"; none kept: an operator's). */
export async function endSessions(
  db: DbOrTx,
  events: DomainEvents,
  userId: number,
  keepSessionId?: number,
): Promise<number> {
  const ended = await repo.revokeSessionsExcept(db, userId, keepSessionId);
  if (ended > 0) announceRevoked(events, userId);
  return ended;
}

/**
 * Ends every session of the user inside the caller's transaction (an operator's action audited with
 * it); the caller announces it after commit (announceRevoked). Answers how many were ended.
 */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<number> {
  return repo.revokeSessionsExcept(db, userId);
}

/**
 * This process forgets the user's cached sessions now; the event reaches the other processes
 * (app.ts publishes it on the bus, each process forgets them too) and the user's open tabs.
 */
export function announceRevoked(events: DomainEvents, userId: number): void {
  forgetUserSessions(userId);
  events.sessionRevoked(userId);
}

/**
 * Runs a login and keeps what happened in the user's history: the one place login is recorded. A
 * success opened a session from an unfamiliar device: the user is told (`new_device_sign_in`).
 */
export async function recordLogin<T extends { token: string; user: { id: number } } | { challenge: unknown }>(
  db: Db,
  events: DomainEvents,
  subject: LoginSubject,
  meta: RequestMeta,
  attempt: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    const outcome = error instanceof AppError ? FAILURE_OUTCOMES[error.errorName] : undefined;
    if (outcome) await recordFailedAttempt(db, subject, meta, outcome);
    throw error;
  }
  // A right password that still needs the second factor opened no session: its step records it.
  if (!('token' in result)) return result;
  const sessionId = await repo.findSessionIdByTokenHash(db, hashToken(result.token));
  const { user } = result;
  await repo.insertLoginAttempt(db, {
    userId: user.id,
    ip: meta.ip,
    userAgent: meta.userAgent,
    outcome: 'success',
    sessionId,
  });
  if (sessionId !== undefined) await noticeNewDevice(db, events, user.id, sessionId, meta);
  return result;
}

async function recordFailedAttempt(
  db: Db,
  subject: LoginSubject,
  meta: RequestMeta,
  outcome: LoginOutcome,
): Promise<void> {
  // These failures are only answered for an account that exists; it is found again by the same lookup.
  const userId = typeof subject === 'string' ? (await usersRepo.findUserByLogin(db, subject))?.id : subject.userId;
  if (userId === undefined) return;
  await repo.insertLoginAttempt(db, { userId, ip: meta.ip, userAgent: meta.userAgent, outcome });
}

async function noticeNewDevice(
  db: Db,
  events: DomainEvents,
  userId: number,
  sessionId: number,
  meta: RequestMeta,
): Promise<void> {
  const earlier = await repo.recentUserAgents(db, userId, sessionId);
  if (earlier.length === 0) return;
  const key = deviceKeyOf(meta.userAgent);
  if (earlier.some((userAgent) => deviceKeyOf(userAgent) === key)) return;
  events.userNotice({
    userId,
    kind: 'new_device_sign_in',
    params: { device: deviceLabelOf(meta.userAgent), ip: meta.ip.slice(0, 64) },
    key: `session:${sessionId}`,
  });
}

export async function listLoginHistory(
  db: DbOrTx,
  userId: number,
  page: { page: number; pageSize: number },
  now = new Date(),
): Promise<{ list: LoginAttempt[]; total: number; page: number; pageSize: number }> {
  const since = new Date(now.getTime() - LOGIN_HISTORY_MS);
  const { rows, total } = await repo.listLoginAttempts(db, userId, since, page);
  return { list: rows.map(toAttemptView), total, ...page };
}

function toAttemptView(row: UserLoginAttemptRow): LoginAttempt {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    ip: row.ip,
    device: deviceOf(row.userAgent),
    outcome: row.outcome,
  };
}

/** Deletes login history older than 90 days before `now`; answers how many rows went. */
export async function pruneLoginHistory(db: DbOrTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LOGIN_HISTORY_MS);
  let total = 0;
  for (;;) {
    const deleted = await repo.deleteLoginAttemptsBefore(db, before, PRUNE_BATCH_ROWS);
    total += deleted;
    if (deleted < PRUNE_BATCH_ROWS) return total;
  }
}
