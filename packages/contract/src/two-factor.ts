import { z } from 'zod';

/**
 * The user's second factor (issue 14): TOTP (RFC 6238, six digits, 30-second steps) with ten
 * one-time recovery codes. When it is on, the login asks for a code after the password, and every
 * money move (withdrawal, binding or replacing a card or address, earn subscription, payment
 * password change) carries one in `twoFactorCode`.
 */

export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: ten letters and digits of base32 in two groups of five (`abcde-fghij`); the dash is optional. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;
export const RECOVERY_CODE_COUNT = 10;

/**
 * A passkey answers a money move's second factor in the same field (passkeys.ts): `passkey:` and
 * the WebAuthn assertion as base64url JSON, checked against its single-use challenge by the server.
 */
export const PASSKEY_ANSWER_PREFIX = 'passkey:';
export const PASSKEY_ANSWER_LENGTH_MAX = 8192;
const PASSKEY_ANSWER_PATTERN = /^passkey:[A-Za-z0-9_-]+$/;

/** A six-digit TOTP code, one recovery code, or a passkey answer. Spaces are ignored (authenticator apps show "123 456"). */
export const twoFactorCodeSchema = z
  .string({ error: 'two_factor_code_required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'two_factor_code_required')
      .refine(
        (v) =>
          v.startsWith(PASSKEY_ANSWER_PREFIX)
            ? v.length <= PASSKEY_ANSWER_LENGTH_MAX && PASSKEY_ANSWER_PATTERN.test(v)
            : v.length <= 16 && (TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v)),
        'two_factor_code_invalid',
      ),
  );

/** A six-digit TOTP code only (confirming the setup proves the app has the secret). */
export const totpCodeSchema = z
  .string({ error: 'two_factor_code_required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'two_factor_code_required').regex(TOTP_CODE_PATTERN, 'totp_invalid'));

/** The field a money move carries when the user has a second factor on (ignored when off). */
export const twoFactorCodeField = { twoFactorCode: twoFactorCodeSchema.optional() };

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `user/two_factor/setup`: the only answer that ever carries the secret, before it is confirmed. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  /** `otpauth://totp/...`, shown as a QR code. */
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

const loginPasswordSchema = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .max(256, 'password_invalid');

/**
 * Turning it on: the first code from the app, and the login password again (as adding a passkey
 * asks it), so that a session alone cannot enrol an authenticator of its own.
 */
export const twoFactorEnableRequestSchema = z.strictObject({ password: loginPasswordSchema, code: totpCodeSchema });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

/** Ten recovery codes, shown once (stored hashed). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableRequestSchema = z.strictObject({
  password: loginPasswordSchema,
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

export const twoFactorCodeRequestSchema = z.strictObject({ code: twoFactorCodeSchema });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

/**
 * What `user/login` answers a user with a second factor on, instead of `{ token, user }`: a
 * short-lived challenge that `user/login_two_factor` completes with a code. A user without one gets
 * `{ token, user }` as before.
 */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const LOGIN_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export const loginTwoFactorRequestSchema = z.strictObject({
  challenge: z.string({ error: 'login_challenge_invalid' }).regex(LOGIN_CHALLENGE_PATTERN, 'login_challenge_invalid'),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequestSchema>;

/** The back office's view: on or off, never the secret. */
export const adminTwoFactorSchema = twoFactorStatusSchema;
