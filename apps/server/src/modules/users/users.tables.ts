import { LOGIN_OUTCOMES } from '@app/contract/sessions';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    level: smallint('level').notNull().default(1),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    loginFailures: integer('login_failures').notNull().default(0),
    loginFailuresSince: timestamp('login_failures_since', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    payFailures: integer('pay_failures').notNull().default(0),
    payFailuresSince: timestamp('pay_failures_since', { withTimezone: true }),
    payLockedUntil: timestamp('pay_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** Issue 14: the last changes of the login password, payment password and second factor (null: none recorded). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    payPasswordChangedAt: timestamp('pay_password_changed_at', { withTimezone: true }),
    secondFactorChangedAt: timestamp('second_factor_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
);

export const userSessions = pgTable(
  'user_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('user_sessions_token_hash_key').on(t.tokenHash), index('user_sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in attempts against an existing account (issue 14), kept 90 days. An unknown username is
 * never stored, so the table cannot tell whether a name has an account.
 */
export const userLoginAttempts = pgTable(
  'user_login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    outcome: text('outcome', { enum: LOGIN_OUTCOMES }).notNull(),
    /** The session a successful attempt opened. */
    sessionId: bigint('session_id', { mode: 'number' }),
  },
  (t) => [index('user_login_attempts_user_at_idx').on(t.userId, t.at), index('user_login_attempts_at_idx').on(t.at)],
);

export type UserRow = typeof users.$inferSelect;
export type UserLoginAttemptRow = typeof userLoginAttempts.$inferSelect;
export type UserSessionRow = typeof userSessions.$inferSelect;
