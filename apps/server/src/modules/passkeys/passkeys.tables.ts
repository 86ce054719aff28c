import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A user's passkeys (WebAuthn credentials, issue 14): several per user, each named. The public key
 * (COSE, base64url) checks the signatures; `counter` is the authenticator's signature counter, raised
 * by one conditional UPDATE per use so a copied credential (or a replayed answer) shows itself.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The credential id, base64url: unique over all users (the sign-in finds the user by it). */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    isBackedUp: boolean('is_backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_id_key').on(t.credentialId),
    index('user_passkeys_user_idx').on(t.userId),
  ],
);

/**
 * The challenges handed to the browser: kept server-side (as SHA-256 of the value), each redeemed
 * once and only until `expires_at`. `user_id` is null for a sign-in (the passkey names the user).
 * The relying party and origin of the request that asked are kept, so the answer is checked
 * against exactly those (config or the request's host).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    purpose: text('purpose', { enum: ['register', 'login', 'money_move'] }).notNull(),
    challengeHash: text('challenge_hash').notNull(),
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_hash_key').on(t.challengeHash),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);

export type UserPasskeyRow = typeof userPasskeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
