import { z } from 'zod';
import { pageRequestSchema, pageSchema } from './common.js';

/**
 * The user's sessions and login history (issue 14): what each signed-in device is, and every sign-in
 * attempt of the last 90 days. The device is read from the user agent on the server.
 */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'other'] as const;
export const deviceSchema = z.object({
  /** e.g. "Chrome 120"; null when the user agent does not say. */
  browser: z.string().nullable(),
  /** e.g. "Android 14". */
  os: z.string().nullable(),
  type: z.enum(DEVICE_TYPES),
});
export type Device = z.infer<typeof deviceSchema>;

export const userSessionSchema = z.object({
  id: z.string(),
  device: deviceSchema,
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request was made with ("this device"). */
  isCurrent: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionListSchema = z.array(userSessionSchema);

const idSchema = z.string({ error: 'invalid' }).regex(/^\d{1,15}$/, 'invalid');
export const endSessionRequestSchema = z.strictObject({ id: idSchema });
export type EndSessionRequest = z.infer<typeof endSessionRequestSchema>;
export const endSessionsResponseSchema = z.object({ ended: z.number().int() });

/** Login history is kept this long, then pruned. */
export const LOGIN_HISTORY_DAYS = 90;
/**
 * Why an attempt failed. An unknown username is never stored: what is kept for a name must not tell
 * whether an account exists. The second steps are kept against the user they turned out to be for:
 * `two_factor_incorrect` a wrong (or already used) code after the right password, `passkey_failed` an
 * answer to a passkey sign-in that one of the user's passkeys did not validly sign (or a replay).
 */
export const LOGIN_OUTCOMES = [
  'success',
  'password_incorrect',
  'account_locked',
  'account_disabled',
  'two_factor_incorrect',
  'passkey_failed',
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];
export const loginAttemptSchema = z.object({
  id: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  device: deviceSchema,
  outcome: z.enum(LOGIN_OUTCOMES),
});
export type LoginAttempt = z.infer<typeof loginAttemptSchema>;
export const loginHistoryRequestSchema = pageRequestSchema;
export const loginHistoryPageSchema = pageSchema(loginAttemptSchema);
export type LoginHistoryPage = z.infer<typeof loginHistoryPageSchema>;

/** The back office's view of a user's sessions (no "this device": an operator has none). */
export const adminUserSessionSchema = userSessionSchema.omit({ isCurrent: true });
export type AdminUserSession = z.infer<typeof adminUserSessionSchema>;
