import type { AdminUser } from '@app/contract/admin';
import type { LoginChallenge } from '@app/contract/two-factor';
import {
  type KycStatus,
  type LoginRequest,
  maskPhone,
  type RegisterRequest,
  type ResetPasswordRequest,
  type ResetPayPasswordRequest,
  type UserProfile,
} from '@app/contract/users';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newSessionToken, randomCode, randomPassword } from '../../lib/tokens.js';
import { type CachedSession, cacheSession, forgetUserSessions, getCachedSession } from './session-cache.js';
import { NO_SESSION_TIME_LIMIT, type SessionTimeLimit } from './session-time-limit.js';
import * as repo from './users.repo.js';
import type { UserRow } from './users.tables.js';

/** DESIGN.md 6.1: five failures in 15 minutes lock the account for 15 minutes. */
export const LOGIN_FAILURES_MAX = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;
/** Sessions end after 30 days without use. */
export const SESSION_IDLE_MS = 30 * 24 * 3_600_000;
/** last_seen_at is refreshed at most once a minute, so reads do not turn into writes (the sessions screen shows it). */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
const INVITE_CODE_LENGTH = 8;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface SessionUser {
  user: UserRow;
  sessionId: number;
}

export async function register(
  db: Db,
  input: RegisterRequest,
  options: { inviteRequired: boolean },
  meta: RequestMeta,
): Promise<{ token: string; user: UserRow }> {
  if (!input.inviteCode && options.inviteRequired) throw new AppError('invite_code_required');
  const invitedBy = input.inviteCode ? await repo.findUserIdByInviteCode(db, input.inviteCode) : undefined;
  if (input.inviteCode && invitedBy === undefined) throw new AppError('invite_code_invalid');
  if (await repo.isUsernameTaken(db, input.username)) throw new AppError('username_taken');
  if (await repo.isPhoneTaken(db, input.phone)) throw new AppError('phone_taken');

  const passwordHash = await hashPassword(input.password);
  const user = await insertWithUniqueInviteCode(db, {
    username: input.username,
    phone: input.phone,
    passwordHash,
    invitedBy: invitedBy ?? null,
    // Registering signs the user in: it is their first login (the back office shows it).
    lastLoginAt: new Date(),
    lastLoginIp: meta.ip ?? null,
  });
  const token = await openSession(db, user.id, meta);
  return { token, user };
}

async function insertWithUniqueInviteCode(
  db: Db,
  values: Omit<Parameters<typeof repo.insertUser>[1], 'inviteCode'>,
): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await repo.insertUser(db, { ...values, inviteCode: randomCode(INVITE_CODE_LENGTH) });
    } catch (error) {
      // Two sign-ups racing for one name or phone: the unique index decides, the loser hears why.
      if (isUniqueViolation(error, 'users_username_lower_key')) throw new AppError('username_taken');
      if (isUniqueViolation(error, 'users_phone_key')) throw new AppError('phone_taken');
      if (!isUniqueViolation(error, 'users_invite_code_key') || attempt >= 5) throw error;
    }
  }
}

/**
 * The second step of a login when the user has a second factor on (issue 14), wired by the app
 * (AppContext.twoFactor): users imports nothing of the two-factor module, which builds on it.
 */
export interface LoginSecondStep {
  /** A challenge for a user who must give a code after the password; null for everyone else. */
  challengeFor(db: Db, userId: number): Promise<LoginChallenge | null>;
}

export type LoginResult = { token: string; user: UserRow } | { challenge: LoginChallenge };

export async function login(
  db: Db,
  input: LoginRequest,
  meta: RequestMeta,
  secondStep?: LoginSecondStep,
): Promise<LoginResult> {
  const user = await repo.findUserByLogin(db, input.username);
  if (!user) throw new AppError('user_not_found');
  if (user.status === 'disabled') throw new AppError('account_disabled');
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw new AppError('account_locked', { lockedUntil: user.lockedUntil.toISOString() });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const { lockedUntil } = await repo.recordFailure(db, user.id, 'login', {
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      maxFailures: LOGIN_FAILURES_MAX,
      lockMs: LOGIN_LOCK_MS,
    });
    if (lockedUntil) throw new AppError('account_locked', { lockedUntil: lockedUntil.toISOString() });
    throw new AppError('password_incorrect');
  }
  // Issue 14: with a second factor on, the right password opens no session and clears no failure
  // (or the password could be used to reset the count of wrong codes); the code's step finishes it.
  const challenge = await secondStep?.challengeFor(db, user.id);
  if (challenge) return { challenge };
  const token = await finishLogin(db, user.id, meta);
  return { token, user };
}

/**
 * The end of every login, with the password alone or after a second factor: the login is remembered
 * and a session opens, unless parallel failures locked the account meanwhile.
 */
export async function finishLogin(db: DbOrTx, userId: number, meta: RequestMeta): Promise<string> {
  if (!(await repo.recordLoginSuccess(db, userId, meta.ip))) throw await lockedError(db, userId, 'login');
  return openSession(db, userId, meta);
}

async function openSession(db: DbOrTx, userId: number, meta: RequestMeta): Promise<string> {
  const token = newSessionToken();
  await repo.insertSession(db, { userId, tokenHash: hashToken(token), ip: meta.ip, userAgent: meta.userAgent });
  return token;
}

/**
 * Resolves a bearer token to its session; null when unknown, revoked or idle for 30 days. Also answers
 * when the session opened and the user's session time limit (read with the session, cached with it),
 * which the caller checks: sessions.service.ts resolveSession.
 */
export async function authenticate(
  db: Db,
  token: string,
  timeLimit: SessionTimeLimit = NO_SESSION_TIME_LIMIT,
): Promise<CachedSession | null> {
  const tokenHash = hashToken(token);
  const cached = getCachedSession(tokenHash);
  if (cached) return cached;
  const found = await repo.findLiveSession(db, tokenHash, SESSION_IDLE_MS);
  if (!found) return null;
  let lastSeenAt = found.session.lastSeenAt;
  const isStale = Date.now() - lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS;
  const [endRule] = await Promise.all([
    timeLimit.ruleFor(db, found.user.id),
    isStale ? repo.touchSession(db, found.session.id) : undefined,
  ]);
  if (isStale) lastSeenAt = new Date();
  const session: CachedSession = {
    user: found.user,
    sessionId: found.session.id,
    lastSeenAt,
    openedAt: found.session.createdAt,
    endRule,
  };
  cacheSession(tokenHash, session);
  return session;
}

export async function logout(db: Db, current: SessionUser): Promise<void> {
  await repo.revokeSession(db, current.sessionId);
  forgetUserSessions(current.user.id);
}

export async function changePassword(db: Db, current: SessionUser, input: ResetPasswordRequest): Promise<void> {
  const { user } = current;
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw new AppError('current_password_incorrect');
  if (input.newPassword === input.oldPassword) throw new AppError('new_password_same_as_old');
  assertPasswordNotUsername(input.newPassword, user.username, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, mustChangePassword: false, passwordChangedAt: new Date() });
    await repo.revokeUserSessions(tx, user.id, current.sessionId);
  });
  forgetUserSessions(user.id);
}

export async function setPayPassword(
  db: Db,
  current: SessionUser,
  input: ResetPayPasswordRequest,
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
): Promise<void> {
  if (!(await verifyPassword(current.user.passwordHash, input.password))) throw new AppError('password_incorrect');
  const payPasswordHash = await hashPassword(input.newPayPassword);
  await db.transaction(async (tx) => {
    await secondFactor.spend(tx);
    await repo.updateUser(tx, current.user.id, {
      payPasswordHash,
      payFailures: 0,
      payFailuresSince: null,
      payLockedUntil: null,
      payPasswordChangedAt: new Date(),
    });
  });
  forgetUserSessions(current.user.id);
}

/**
 * Issue 14: the second factor changed (turned on or off, recovery codes renewed, reset by an operator).
 * Called by the two-factor module in the transaction of the change; read by lastSecurityChangeAt.
 */
export async function recordSecondFactorChange(db: DbOrTx, userId: number): Promise<void> {
  await repo.updateUser(db, userId, { secondFactorChangedAt: new Date() });
}

/**
 * Issue 14: the latest change of the login password, payment password or second factor, null when none
 * is recorded. Times are the server's clock (Date, which tests drive).
 */
export async function lastSecurityChangeAt(db: DbOrTx, userId: number): Promise<Date | null> {
  const user = await getUserOrThrow(db, userId);
  const times = [user.passwordChangedAt, user.payPasswordChangedAt, user.secondFactorChangedAt]
    .filter((at): at is Date => at !== null)
    .map((at) => at.getTime());
  return times.length === 0 ? null : new Date(Math.max(...times));
}

/**
 * A second factor checked before a money move (issue 14), spent in the move's own transaction: the
 * code's time step (or recovery code) is taken by one conditional UPDATE, so of two moves carrying
 * the same code exactly one goes through; a move that is refused later gives the code back with its
 * rollback. Built by the two-factor module; users and the money modules only carry it.
 */
export interface SecondFactorPass {
  spend(db: DbOrTx): Promise<void>;
}

/** The pass of a user without a second factor. */
export const NO_SECOND_FACTOR: SecondFactorPass = { spend: async () => {} };

/** A wrong second-factor code counts as a wrong password where it stands in: at login, or before money moves. */
export type FailureCounter = 'login' | 'pay';

/** Refuses when the counter's lock is on (read fresh from the database, not the session cache). */
export async function assertNotLocked(db: DbOrTx, userId: number, counter: FailureCounter): Promise<UserRow> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  const lockedUntil = counter === 'login' ? user.lockedUntil : user.payLockedUntil;
  if (lockedUntil && lockedUntil.getTime() > Date.now()) {
    throw new AppError(counter === 'login' ? 'account_locked' : 'pay_password_locked', {
      lockedUntil: lockedUntil.toISOString(),
    });
  }
  return user;
}

/**
 * Counts a wrong second-factor code (or a wrong password given to change the second factor) on the
 * same counter as wrong passwords, in one statement. Answers the refusal: the lock when this failure
 * set it, else `refusal`.
 */
export async function recordSecondFactorFailure(
  db: DbOrTx,
  userId: number,
  counter: FailureCounter,
  refusal: 'two_factor_code_incorrect' | 'password_incorrect' = 'two_factor_code_incorrect',
): Promise<AppError> {
  const rule =
    counter === 'login'
      ? { windowMs: LOGIN_FAILURE_WINDOW_MS, maxFailures: LOGIN_FAILURES_MAX, lockMs: LOGIN_LOCK_MS }
      : { windowMs: PAY_FAILURE_WINDOW_MS, maxFailures: PAY_FAILURES_MAX, lockMs: PAY_LOCK_MS };
  const { lockedUntil } = await repo.recordFailure(db, userId, counter, rule);
  if (!lockedUntil) return new AppError(refusal);
  return new AppError(counter === 'login' ? 'account_locked' : 'pay_password_locked', {
    lockedUntil: lockedUntil.toISOString(),
  });
}

/** Whether `password` is the user's login password (checks only; the caller counts a failure). */
export async function isLoginPassword(user: UserRow, password: string): Promise<boolean> {
  return verifyPassword(user.passwordHash, password);
}

/**
 * The login password asked again before a change of the second factor (TOTP on or off, a passkey
 * added or removed), so that a session alone cannot change it: refused while money moves are
 * locked, and a wrong one counted on the same (money-move) counter.
 */
export async function assertLoginPasswordAgain(db: Db, userId: number, password: string): Promise<UserRow> {
  const user = await assertNotLocked(db, userId, 'pay');
  if (!(await isLoginPassword(user, password))) {
    throw await recordSecondFactorFailure(db, userId, 'pay', 'password_incorrect');
  }
  return user;
}

/** DESIGN.md 6.1: five wrong payment passwords lock money moves for an hour. */
export const PAY_FAILURES_MAX = 5;
const PAY_FAILURE_WINDOW_MS = 3_600_000;
const PAY_LOCK_MS = 3_600_000;

/**
 * Checks the payment password before any money move. Reads the user fresh (not the session
 * cache), so a lock set by another process applies at once.
 */
export async function verifyPayPassword(db: Db, userId: number, payPassword: string): Promise<void> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
  if (user.payLockedUntil && user.payLockedUntil.getTime() > Date.now()) {
    throw new AppError('pay_password_locked', { lockedUntil: user.payLockedUntil.toISOString() });
  }
  if (await verifyPassword(user.payPasswordHash, payPassword)) {
    // Always asked of the database, so parallel wrong attempts that locked the account meanwhile win.
    if (!(await repo.recordPaySuccess(db, userId))) throw await lockedError(db, userId, 'pay');
    return;
  }
  const { lockedUntil } = await repo.recordFailure(db, userId, 'pay', {
    windowMs: PAY_FAILURE_WINDOW_MS,
    maxFailures: PAY_FAILURES_MAX,
    lockMs: PAY_LOCK_MS,
  });
  if (lockedUntil) throw new AppError('pay_password_locked', { lockedUntil: lockedUntil.toISOString() });
  throw new AppError('pay_password_incorrect');
}

/** The refusal of a right password that arrived while parallel failures locked the account. */
async function lockedError(db: DbOrTx, userId: number, counter: 'login' | 'pay'): Promise<AppError> {
  const user = await repo.findUserById(db, userId);
  const lockedUntil = counter === 'login' ? user?.lockedUntil : user?.payLockedUntil;
  const data = lockedUntil ? { lockedUntil: lockedUntil.toISOString() } : null;
  return new AppError(counter === 'login' ? 'account_locked' : 'pay_password_locked', data);
}

function assertPasswordNotUsername(password: string, username: string, field: string): void {
  if (password.toLowerCase() === username.toLowerCase()) {
    throw new AppError('validation_failed', { fieldKeys: { [field]: 'password_same_as_username' } });
  }
}

/** What other capabilities add to the profile: identity status, bound card and addresses, balances. */
export type ProfileExtras = Pick<
  UserProfile,
  'kycStatus' | 'hasBankCard' | 'hasWallet' | 'balances' | 'twoFactorEnabled' | 'hasPasskey' | 'hasDeposited'
>;

/**
 * What other modules know about a user, handed to the users routes by the app when it is built
 * (app.ts): those modules import users, users imports none of them.
 */
export interface UserFacts {
  /** The profile's extras (identity status, bound card and addresses, balances) of one user. */
  profileExtras(db: Db, userId: number): Promise<ProfileExtras>;
  /** A user's identity-check status: their latest submission's, or 'none'. */
  kycStatus(db: DbOrTx, userId: number): Promise<KycStatus>;
  /** kycStatus for many users at once (lists); users without a submission map to 'none'. */
  kycStatuses(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, KycStatus>>;
}

export function toProfile(user: UserRow, publicOrigin: string | undefined, extras: ProfileExtras): UserProfile {
  return {
    id: String(user.id),
    username: user.username,
    phone: maskPhone(user.phone),
    inviteCode: user.inviteCode,
    inviteLink: `${publicOrigin ?? ''}/reg?code=${user.inviteCode}`,
    registeredAt: user.createdAt.toISOString(),
    level: user.level,
    hasPayPassword: user.payPasswordHash !== null,
    mustChangePassword: user.mustChangePassword,
    ...extras,
  };
}

// Back-office operations; the caller writes the audit record in the same transaction.

export function toAdminUser(user: UserRow, inviterUsername: string | null, kycStatus: KycStatus): AdminUser {
  return {
    id: String(user.id),
    username: user.username,
    phone: user.phone,
    inviteCode: user.inviteCode,
    invitedBy: inviterUsername,
    level: user.level,
    status: user.status,
    kycStatus,
    hasPayPassword: user.payPasswordHash !== null,
    mustChangePassword: user.mustChangePassword,
    lockedUntil: user.lockedUntil && user.lockedUntil.getTime() > Date.now() ? user.lockedUntil.toISOString() : null,
    registeredAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: user.lastLoginIp,
  };
}

export async function getUserOrThrow(db: DbOrTx, id: number): Promise<UserRow> {
  const user = await repo.findUserById(db, id);
  if (!user) throw new AppError('user_not_found');
  return user;
}

export { listUsers } from './users.repo.js';

export async function setUserStatus(
  db: DbOrTx,
  id: number,
  status: 'active' | 'disabled',
): Promise<{ before: UserRow; after: UserRow }> {
  const before = await getUserOrThrow(db, id);
  const after = await repo.updateUser(db, id, { status });
  if (status === 'disabled') await repo.revokeUserSessions(db, id);
  forgetUserSessions(id);
  return { before, after };
}

export async function clearLoginLock(db: DbOrTx, id: number): Promise<{ before: UserRow; after: UserRow }> {
  const before = await getUserOrThrow(db, id);
  const after = await repo.updateUser(db, id, { loginFailures: 0, loginFailuresSince: null, lockedUntil: null });
  return { before, after };
}

/**
 * A password the user must replace at the next login; every session ends now. It is a change of the
 * login password like the user's own (issue 14): `passwordChangedAt` starts the 24 h before withdrawal
 * protection can be turned off, and the caller tells the user (`password_changed`) after commit.
 */
export async function issueOneTimePassword(
  db: DbOrTx,
  id: number,
): Promise<{ password: string; before: UserRow; after: UserRow }> {
  const before = await getUserOrThrow(db, id);
  const password = randomPassword();
  const after = await repo.updateUser(db, id, {
    passwordHash: await hashPassword(password),
    mustChangePassword: true,
    passwordChangedAt: new Date(),
    loginFailures: 0,
    loginFailuresSince: null,
    lockedUntil: null,
  });
  await repo.revokeUserSessions(db, id);
  forgetUserSessions(id);
  return { password, before, after };
}

// Referral levels: the referral module decides them; users stores them and forgets what it cached.

/** Locks the user's row until the transaction ends, so level changes of one user made at once queue up. */
export async function lockUserRow(tx: Tx, id: number): Promise<void> {
  await repo.lockUserRow(tx, id);
}

/** Stores a user's referral level. This process serves it at once, others within the session cache's few seconds. */
export async function setReferralLevel(tx: Tx, id: number, level: number): Promise<void> {
  await repo.setLevel(tx, id, level);
  forgetUserSessions(id);
}

/**
 * Stores the referral level of every user `targets` lists (a query answering `id, level` rows) in one
 * statement, where it changed. Answers the users whose level moved.
 */
export async function setReferralLevels(tx: Tx, targets: SQL): Promise<number[]> {
  const moved = await repo.setLevels(tx, targets);
  for (const id of moved) forgetUserSessions(id);
  return moved;
}

export async function findInviterUsername(db: Db, user: UserRow): Promise<string | null> {
  if (!user.invitedBy) return null;
  return (await repo.findUserById(db, user.invitedBy))?.username ?? null;
}

/** Usernames for a page of rows from other modules (back-office lists). */
export async function usernamesByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  return repo.usernamesByIds(db, ids);
}

/** Every user's id, ascending: the proof of liabilities gives each one a leaf, money or not. */
export async function allUserIds(db: DbOrTx): Promise<number[]> {
  return repo.allUserIds(db);
}
