import { z } from 'zod';
import { pageRequestSchema, pageSchema } from './common.js';

/**
 * The notification centre (issue 14). The server stores a kind and its params; each app renders the
 * text in the reader's language from them, so a notice reads right after a language change.
 */
export const SECURITY_NOTIFICATION_KINDS = [
  'new_device_sign_in',
  'password_changed',
  'pay_password_changed',
  'second_factor_changed',
  'card_bound',
  'address_bound',
  'withdraw_protection_changed',
] as const;
export const OPTIONAL_NOTIFICATION_KINDS = [
  'withdrawal_state',
  'kyc_decided',
  'deposit_credited',
  'price_alert',
] as const;
export const NOTIFICATION_KINDS = [...SECURITY_NOTIFICATION_KINDS, ...OPTIONAL_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type SecurityNotificationKind = (typeof SECURITY_NOTIFICATION_KINDS)[number];

/** Security notices cannot be turned off. */
export function isSecurityNotificationKind(kind: NotificationKind): kind is SecurityNotificationKind {
  return (SECURITY_NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/**
 * What a notice carries besides its kind: short strings only (ids, states, amounts as decimal
 * strings, device names). Never a secret.
 */
export const notificationParamsSchema = z.record(z.string(), z.string().max(200));
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: notificationParamsSchema,
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListRequestSchema = pageRequestSchema.extend({ unreadOnly: z.boolean().optional() });
export const notificationPageSchema = pageSchema(notificationSchema).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

const idSchema = z.string({ error: 'invalid' }).regex(/^\d{1,15}$/, 'invalid');
export const markNotificationsReadRequestSchema = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });

export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  enabled: z.boolean(),
  /** A security notice: always on. */
  isRequired: z.boolean(),
});
export const notificationPreferencesSchema = z.array(notificationPreferenceSchema);
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export const setNotificationPreferenceRequestSchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS, { error: 'invalid' }),
  enabled: z.boolean({ error: 'invalid' }),
});

/** Pushed on `/api/ws` to the user's sockets. */
export interface NotificationEvent {
  type: 'notification';
  notification: Notification;
  unread: number;
}
/** Pushed when one of the user's sessions was ended: each tab checks whether its own still works. */
export interface SessionEndedEvent {
  type: 'session_ended';
}
