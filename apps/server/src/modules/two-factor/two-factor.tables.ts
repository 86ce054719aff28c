import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A user's TOTP (issue 14): one row per user, `pending` from setup until a code confirms it, then
 * `enabled`. The secret is stored encrypted (two-factor-key.ts); `last_step` is the time step of the
 * last code accepted, so each code works once (OWASP ASVS 6.5.1), raised by one conditional UPDATE.
 */
export const userTotp = pgTable('user_totp', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  status: text('status', { enum: ['pending', 'enabled'] }).notNull(),
  lastStep: bigint('last_step', { mode: 'number' }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten one-time recovery codes per user, HMAC-hashed; a used one keeps its row with `used_at`. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and the code: a random token (stored as its SHA-256) that
 * `user/login_two_factor` redeems once, within a few minutes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash),
    index('login_challenges_user_idx').on(t.userId),
  ],
);

export type UserTotpRow = typeof userTotp.$inferSelect;
