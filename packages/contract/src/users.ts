import { z } from 'zod';
import { balanceListSchema } from './ledger.js';
import { loginChallengeSchema, twoFactorCodeField } from './two-factor.js';

/** Account rules of DESIGN.md 6.1 and spec section 5. Messages are keys of FIELD_MESSAGES. */
export const USERNAME_PATTERN = /^[A-Za-z0-9]{4,18}$/;
export const PHONE_PATTERN = /^\d{11}$/;
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 64;

export const usernameSchema = z
  .string({ error: 'username_required' })
  .trim()
  .min(1, 'username_required')
  .regex(USERNAME_PATTERN, 'username_invalid');

export const phoneSchema = z
  .string({ error: 'phone_required' })
  .trim()
  .min(1, 'phone_required')
  .regex(PHONE_PATTERN, 'phone_invalid');

export const passwordSchema = (requiredKey: 'password_required' | 'new_password_required') =>
  z
    .string({ error: requiredKey })
    .min(1, requiredKey)
    .min(PASSWORD_LENGTH_MIN, 'password_invalid')
    .max(PASSWORD_LENGTH_MAX, 'password_invalid');

/** A password being checked, not chosen: any length, but bounded so hashing stays cheap. */
const givenPasswordSchema = (requiredKey: 'password_required' | 'current_password_required') =>
  z.string({ error: requiredKey }).min(1, requiredKey).max(256, 'password_invalid');

export const payPasswordSchema = z
  .string({ error: 'pay_password_required' })
  .min(1, 'pay_password_required')
  .regex(PAY_PASSWORD_PATTERN, 'pay_password_invalid');

const optionalInviteCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: 'invite_code_invalid' }).trim().regex(INVITE_CODE_PATTERN, 'invite_code_invalid').optional(),
);

const isSamePassword = (password: string, username: string) => password.toLowerCase() === username.trim().toLowerCase();

export const registerRequestSchema = z
  .strictObject({
    username: usernameSchema,
    phone: phoneSchema,
    password: passwordSchema('password_required'),
    inviteCode: optionalInviteCode,
  })
  .refine((v) => !isSamePassword(v.password, v.username), {
    path: ['password'],
    message: 'password_same_as_username',
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  username: z.string({ error: 'account_required' }).trim().min(1, 'account_required').max(64, 'username_invalid'),
  password: givenPasswordSchema('password_required'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  oldPassword: givenPasswordSchema('current_password_required'),
  newPassword: passwordSchema('new_password_required'),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const resetPayPasswordRequestSchema = z.strictObject({
  password: givenPasswordSchema('password_required'),
  newPayPassword: payPasswordSchema,
  ...twoFactorCodeField,
});
export type ResetPayPasswordRequest = z.infer<typeof resetPayPasswordRequestSchema>;

export const KYC_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const userProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Masked: the first 3 and last 4 digits. */
  phone: z.string(),
  inviteCode: z.string(),
  inviteLink: z.string(),
  registeredAt: z.string(),
  level: z.number().int().min(1).max(9),
  kycStatus: z.enum(KYC_STATUSES),
  hasPayPassword: z.boolean(),
  hasBankCard: z.boolean(),
  hasWallet: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Whether TOTP is on: money moves then ask for a code (issue 14). */
  twoFactorEnabled: z.boolean(),
  /** Whether the user has a passkey: money moves then ask for it or the code (issue 14); absent means none. */
  hasPasskey: z.boolean().optional(),
  /**
   * Whether a deposit of the user was ever confirmed (credited). A user who never had one starts the
   * trading screens in practice (issue 14), whatever reached their balance otherwise.
   */
  hasDeposited: z.boolean(),
  balances: balanceListSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userProfileSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** `user/login`: `{ token, user }`, or a second-factor challenge for a user with TOTP on (two-factor.ts). */
export const loginResponseSchema = z.union([authResponseSchema, loginChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Masks a phone number for display: 138****5678. */
export function maskPhone(phone: string): string {
  return phone.length < 8 ? '****' : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
