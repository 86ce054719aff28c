import type {
  AdminCreateRequest,
  AdminLoginRequest,
  AdminProfile,
  AdminRole,
  AdminUpdateRequest,
} from '@app/contract/admin';
import type { ErrorName } from '@app/contract/errors';
import { and, asc, count, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { activeLock, countFailureSet, type FailureRule, isUnlocked } from '../../db/failure-counter.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newSessionToken, randomPassword } from '../../lib/tokens.js';
import { newTotpSecret, totpStepOf, totpUri } from '../../lib/totp.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { type AdminRow, adminSessions, admins } from './admin-auth.tables.js';

/** Back-office sessions end 8 hours after login, used or not (DESIGN.md 8). */
export const ADMIN_SESSION_MS = 8 * 3_600_000;
/** As for users (DESIGN.md 6.1): five failures in 15 minutes lock the account for 15 minutes. */
/** The name an authenticator app shows beside an operator's codes. */
const TOTP_ISSUER = 'Vela Back Office';
const ADMIN_FAILURE_RULE: FailureRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const ADMIN_FAILURE_COLUMNS = {
  count: admins.loginFailures,
  since: admins.loginFailuresSince,
  lockedUntil: admins.lockedUntil,
};

export interface AdminSession {
  admin: AdminRow;
  sessionId: number;
}

export function toAdminProfile(row: AdminRow): AdminProfile {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role,
    totpEnabled: row.totpEnabled,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export function actorOf(session: AdminSession, ip: string): AuditActor {
  return { adminId: session.admin.id, adminUsername: session.admin.username, ip };
}

/**
 * First start: with no admin at all, create the owner from ADMIN_USERNAME/ADMIN_PASSWORD, or with a
 * generated password that is returned once for the caller to print. Later starts change nothing.
 */
export async function ensureOwner(
  db: Db,
  credentials: { username?: string; password?: string },
): Promise<{ username: string; generatedPassword: string | null } | null> {
  const [existing] = await db.select({ n: count() }).from(admins);
  if ((existing?.n ?? 0) > 0) return null;
  const username = credentials.username ?? 'owner';
  const generatedPassword = credentials.password ? null : randomPassword();
  const passwordHash = await hashPassword(credentials.password ?? generatedPassword!);
  const inserted = await db
    .insert(admins)
    .values({ username, passwordHash, role: 'owner' })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  if (inserted.length === 0) return null; // another process created it first
  await recordAudit(db, null, { action: 'admin.bootstrap_owner', targetType: 'admin', targetId: inserted[0]!.id });
  return { username, generatedPassword };
}

export async function login(db: Db, input: AdminLoginRequest, ip: string) {
  const [admin] = await db.select().from(admins).where(eq(admins.username, input.username)).limit(1);
  if (!admin || admin.disabled) throw new AppError('admin_credentials_invalid');
  if (admin.lockedUntil && admin.lockedUntil.getTime() > Date.now()) throw new AppError('account_locked');
  if (!(await verifyPassword(admin.passwordHash, input.password))) {
    throw await recordFailure(db, admin.id, 'admin_credentials_invalid');
  }
  let totpStep: number | null = null;
  if (admin.totpEnabled) {
    if (!input.totp) throw new AppError('admin_totp_required');
    totpStep = totpStepOf(admin.totpSecret!, input.totp, Date.now());
    if (totpStep === null) throw await recordFailure(db, admin.id, 'admin_totp_invalid');
  }
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + ADMIN_SESSION_MS);
  // One statement decides: not locked by failures that arrived meanwhile, and (with TOTP) a code whose
  // time step is newer than the last one used, so a code logs in once.
  const [unlocked] = await db
    .update(admins)
    .set({
      loginFailures: 0,
      loginFailuresSince: null,
      lastLoginAt: sql`now()`,
      ...(totpStep === null ? {} : { totpLastStep: totpStep }),
    })
    .where(and(eq(admins.id, admin.id), isUnlocked(ADMIN_FAILURE_COLUMNS), totpStepIsNew(totpStep)))
    .returning({ id: admins.id });
  if (!unlocked) throw await refusalAfterRace(db, admin.id);
  await db.transaction(async (tx) => {
    await tx.insert(adminSessions).values({ adminId: admin.id, tokenHash: hashToken(token), expiresAt, ip });
    await recordAudit(tx, { adminId: admin.id, adminUsername: admin.username, ip }, { action: 'admin.login' });
  });
  return { token, admin: toAdminProfile({ ...admin, lastLoginAt: new Date() }), expiresAt: expiresAt.toISOString() };
}

/** Counts a wrong password or code in one statement; answers the error to throw (locked, or the reason). */
async function recordFailure(db: DbOrTx, adminId: number, reason: ErrorName): Promise<AppError> {
  const set = countFailureSet(ADMIN_FAILURE_COLUMNS, ADMIN_FAILURE_RULE);
  const [row] = await db
    .update(admins)
    .set({ loginFailures: set.count, loginFailuresSince: set.since, lockedUntil: set.lockedUntil })
    .where(eq(admins.id, adminId))
    .returning({ lockedUntil: admins.lockedUntil });
  return new AppError(activeLock(row?.lockedUntil) ? 'account_locked' : reason);
}

function totpStepIsNew(step: number | null): SQL | undefined {
  return step === null ? undefined : sql`(${admins.totpLastStep} IS NULL OR ${admins.totpLastStep} < ${step})`;
}

/** Why a login whose secrets were right was still refused: a lock set meanwhile, or a code used already. */
async function refusalAfterRace(db: DbOrTx, adminId: number): Promise<AppError> {
  const [row] = await db.select({ lockedUntil: admins.lockedUntil }).from(admins).where(eq(admins.id, adminId));
  if (activeLock(row?.lockedUntil)) return new AppError('account_locked');
  return await recordFailure(db, adminId, 'admin_totp_invalid');
}

export async function authenticate(db: Db, token: string): Promise<AdminSession | null> {
  const [row] = await db
    .select({ session: adminSessions, admin: admins })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, sql`now()`),
        eq(admins.disabled, false),
      ),
    )
    .limit(1);
  return row ? { admin: row.admin, sessionId: row.session.id } : null;
}

export async function logout(db: Db, session: AdminSession, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(adminSessions).set({ revokedAt: sql`now()` }).where(eq(adminSessions.id, session.sessionId));
    await recordAudit(tx, actorOf(session, ip), { action: 'admin.logout' });
  });
}

export async function changePassword(
  db: Db,
  session: AdminSession,
  input: { oldPassword: string; newPassword: string },
  ip: string,
) {
  if (!(await verifyPassword(session.admin.passwordHash, input.oldPassword))) {
    throw new AppError('current_password_incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, session.admin.id));
    await revokeAdminSessions(tx, session.admin.id, session.sessionId);
    await recordAudit(tx, actorOf(session, ip), {
      action: 'admin.change_password',
      targetType: 'admin',
      targetId: session.admin.id,
    });
  });
}

async function revokeAdminSessions(db: DbOrTx, adminId: number, keepSessionId?: number) {
  const conditions = [eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(adminSessions.id, keepSessionId));
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}

/** Starts TOTP enrolment: a new secret, not active until a code from it is confirmed. */
export async function setupTotp(db: Db, session: AdminSession) {
  if (session.admin.totpEnabled) throw new AppError('conflict');
  const secret = newTotpSecret();
  await db.update(admins).set({ totpSecret: secret }).where(eq(admins.id, session.admin.id));
  return { secret, otpauthUrl: totpUri(secret, TOTP_ISSUER, session.admin.username) };
}

export async function enableTotp(db: Db, session: AdminSession, code: string, ip: string) {
  const [admin] = await db.select().from(admins).where(eq(admins.id, session.admin.id));
  if (!admin?.totpSecret || admin.totpEnabled) throw new AppError('conflict');
  const step = totpStepOf(admin.totpSecret, code, Date.now());
  if (step === null) throw new AppError('admin_totp_invalid');
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ totpEnabled: true, totpLastStep: step }).where(eq(admins.id, admin.id));
    await recordAudit(tx, actorOf(session, ip), {
      action: 'admin.totp_enable',
      targetType: 'admin',
      targetId: admin.id,
    });
  });
}

export async function disableTotp(db: Db, session: AdminSession, code: string, ip: string) {
  const admin = session.admin;
  if (!admin.totpEnabled || !admin.totpSecret) throw new AppError('conflict');
  const step = totpStepOf(admin.totpSecret, code, Date.now());
  if (step === null) throw new AppError('admin_totp_invalid');
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(admins)
      .set({ totpEnabled: false, totpSecret: null, totpLastStep: step })
      .where(and(eq(admins.id, admin.id), totpStepIsNew(step)))
      .returning({ id: admins.id });
    if (!changed) throw new AppError('admin_totp_invalid');
    await recordAudit(tx, actorOf(session, ip), {
      action: 'admin.totp_disable',
      targetType: 'admin',
      targetId: admin.id,
    });
  });
}

// Reads for other modules: they ask here and never read the admin tables themselves.

export async function findAdminById(db: DbOrTx, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row;
}

/** The usernames of these admins (ids not found are absent). */
export async function adminUsernamesByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .where(inArray(admins.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** The admins that are not disabled and hold one of these roles, by username. */
export async function listEnabledAdmins(
  db: DbOrTx,
  roles: readonly AdminRole[],
): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .where(and(inArray(admins.role, [...roles]), eq(admins.disabled, false)))
    .orderBy(asc(admins.username));
}

// Admin accounts, managed by owners.

export async function listAdmins(db: Db): Promise<AdminProfile[]> {
  const rows = await db.select().from(admins).orderBy(asc(admins.id));
  return rows.map(toAdminProfile);
}

export async function createAdmin(db: Db, session: AdminSession, input: AdminCreateRequest, ip: string) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(admins)
        .values({ username: input.username, passwordHash, role: input.role })
        .returning();
      const profile = toAdminProfile(row!);
      await recordAudit(tx, actorOf(session, ip), {
        action: 'admin.create',
        targetType: 'admin',
        targetId: row!.id,
        after: profile,
      });
      return profile;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'admins_username_key')) throw new AppError('admin_username_taken');
    throw error;
  }
}

export async function updateAdmin(db: Db, session: AdminSession, id: number, input: AdminUpdateRequest, ip: string) {
  if (id === session.admin.id) throw new AppError('admin_cannot_change_self');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const values: { role?: AdminRole; disabled?: boolean } = {};
    if (input.role !== undefined) values.role = input.role;
    if (input.disabled !== undefined) values.disabled = input.disabled;
    const [after] = await tx.update(admins).set(values).where(eq(admins.id, id)).returning();
    if (input.disabled) await revokeAdminSessions(tx, id);
    await recordAudit(tx, actorOf(session, ip), {
      action: 'admin.update',
      targetType: 'admin',
      targetId: id,
      before: toAdminProfile(before),
      after: toAdminProfile(after!),
    });
    return toAdminProfile(after!);
  });
}
