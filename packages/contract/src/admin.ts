import { z } from 'zod';
import { pageRequestSchema } from './common.js';
import { KYC_STATUSES } from './users.js';

/** Back-office roles (DESIGN.md 8). `owner` may do everything. */
export const ADMIN_ROLES = ['owner', 'finance', 'reviewer', 'support', 'content'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const adminUsernameSchema = z
  .string({ error: 'username_required' })
  .trim()
  .min(1, 'username_required')
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'admin_username_invalid');
const adminPasswordSchema = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .min(10, 'admin_password_invalid')
  .max(128, 'admin_password_invalid');
const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'totp_invalid');

export const adminLoginRequestSchema = z.strictObject({
  username: z.string({ error: 'username_required' }).trim().min(1, 'username_required').max(64, 'username_invalid'),
  password: z.string({ error: 'password_required' }).min(1, 'password_required').max(256, 'password_invalid'),
  totp: z.preprocess((v) => (v === '' ? undefined : v), totpCodeSchema.optional()),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const adminProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminAuthResponseSchema = z.object({
  token: z.string(),
  admin: adminProfileSchema,
  expiresAt: z.string(),
});
export type AdminAuthResponse = z.infer<typeof adminAuthResponseSchema>;

export const adminChangePasswordRequestSchema = z.strictObject({
  oldPassword: z.string({ error: 'current_password_required' }).min(1, 'current_password_required').max(256),
  newPassword: adminPasswordSchema,
});

export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;
export const totpEnableRequestSchema = z.strictObject({ code: totpCodeSchema });

export const adminCreateRequestSchema = z.strictObject({
  username: adminUsernameSchema,
  password: adminPasswordSchema,
  role: z.enum(ADMIN_ROLES, { error: 'role_invalid' }),
});
export type AdminCreateRequest = z.infer<typeof adminCreateRequestSchema>;

export const adminUpdateRequestSchema = z.strictObject({
  role: z.enum(ADMIN_ROLES, { error: 'role_invalid' }).optional(),
  disabled: z.boolean().optional(),
});
export type AdminUpdateRequest = z.infer<typeof adminUpdateRequestSchema>;

export const idParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, 'invalid') });

export const USER_STATUSES = ['active', 'disabled'] as const;

export const adminUserListRequestSchema = pageRequestSchema.extend({
  q: z.string().trim().max(64, 'text_too_long').optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type AdminUserListRequest = z.infer<typeof adminUserListRequestSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  phone: z.string(),
  inviteCode: z.string(),
  invitedBy: z.string().nullable(),
  level: z.number().int(),
  status: z.enum(USER_STATUSES),
  kycStatus: z.enum(KYC_STATUSES),
  hasPayPassword: z.boolean(),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const reasonRequestSchema = z.strictObject({
  reason: z.string({ error: 'reason_required' }).trim().min(1, 'reason_required').max(500, 'text_too_long'),
});

export const oneTimePasswordResponseSchema = z.object({ password: z.string() });
export type OneTimePasswordResponse = z.infer<typeof oneTimePasswordResponseSchema>;

/** Every action the audit log records; later capabilities add theirs here. */
export const AUDIT_ACTIONS = [
  'admin.bootstrap_owner',
  'admin.login',
  'admin.logout',
  'admin.change_password',
  'admin.totp_enable',
  'admin.totp_disable',
  'admin.create',
  'admin.update',
  'user.disable',
  'user.enable',
  'user.unlock',
  'user.one_time_password',
  'user.end_sessions',
  'user.two_factor_reset',
  'kyc.approve',
  'kyc.reject',
  'deposit.confirm',
  'deposit.reject',
  'deposit_addresses.import',
  'withdrawal.first_approval',
  'withdrawal.pay',
  'withdrawal.reject',
  'bank.create',
  'bank.update',
  'settings.update',
  'ledger.adjustment',
  'product.update',
  'notice.create',
  'notice.update',
  'notice.publish',
  'notice.unpublish',
  'notice.delete',
  'help_article.create',
  'help_article.update',
  'wealth_product.create',
  'wealth_product.update',
  'flexible_rate.set',
  'support.assign',
  'support.close',
  'support.quick_reply_create',
  'support.quick_reply_delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditListRequestSchema = pageRequestSchema.extend({
  adminId: z
    .string()
    .regex(/^\d{1,18}$/, 'invalid')
    .optional(),
  action: z.string().trim().max(64, 'text_too_long').optional(),
  targetType: z.string().trim().max(32, 'text_too_long').optional(),
  targetId: z.string().trim().max(64, 'text_too_long').optional(),
});
export type AuditListRequest = z.infer<typeof auditListRequestSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
