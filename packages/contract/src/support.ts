import { z } from 'zod';
import { pageRequestSchema } from './common.js';

/**
 * Customer support (DESIGN.md 6.7): one persistent conversation per user, or per signed-out visitor
 * identified by a random visitor token the app keeps in localStorage and sends as `X-Visitor-Token`.
 */

export const SUPPORT_TEXT_CHARS_MAX = 2000;
export const SUPPORT_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const SUPPORT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** 128 bits or more, hex: unguessable, and never stored (the server keeps its SHA-256). */
export const VISITOR_TOKEN_PATTERN = /^[0-9a-f]{32,64}$/;
export const VISITOR_TOKEN_HEADER = 'x-visitor-token';
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_SENDERS = ['user', 'admin'] as const;
export const QUICK_REPLY_CHARS_MAX = 500;
export const QUICK_REPLIES_MAX = 50;

// Control characters other than tab and newline have no place in a chat and bloat the live push.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f]/;
/** Half of a surrogate pair on its own is not text (and would not survive storage or the live push). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const supportTextSchema = z
  .string({ error: 'message_required' })
  .trim()
  .min(1, 'message_required')
  .max(SUPPORT_TEXT_CHARS_MAX, 'text_too_long')
  .refine((text) => !CONTROL_CHARS.test(text) && !LONE_SURROGATE.test(text), 'invalid');

const messageIdSchema = z.string().regex(/^\d{1,18}$/, 'invalid');

export const supportSendRequestSchema = z.strictObject({ text: supportTextSchema });
export type SupportSendRequest = z.infer<typeof supportSendRequestSchema>;

/** Older messages than `beforeId` (newest first in pages of `limit`). */
export const supportMessagesRequestSchema = z.strictObject({
  beforeId: messageIdSchema.optional(),
  limit: z.coerce.number({ error: 'page_size_invalid' }).int().min(1).max(100, 'page_size_invalid').default(30),
});
export type SupportMessagesRequest = z.infer<typeof supportMessagesRequestSchema>;

/** Marks everything up to `lastId` (the newest message the reader has on screen) as read. */
export const supportReadRequestSchema = z.strictObject({ lastId: messageIdSchema });
export type SupportReadRequest = z.infer<typeof supportReadRequestSchema>;

export const supportMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: z.enum(SUPPORT_SENDERS),
  /** The operator's name, for the back office only (null for the user's side). */
  adminUsername: z.string().nullable(),
  text: z.string().nullable(),
  /** Opaque name; the bytes come from support/image/:name (user) or admin/support/image/:name. */
  image: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  /** Operator messages the user has not read. */
  unread: z.number().int(),
  /** The newest message the operators have read (for "seen" marks). */
  adminLastReadId: z.string(),
  supportHours: z.string(),
  /** The newest messages, oldest first. */
  messages: z.array(supportMessageSchema),
  hasMore: z.boolean(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportMessagesPageSchema = z.object({
  messages: z.array(supportMessageSchema),
  hasMore: z.boolean(),
});
export type SupportMessagesPage = z.infer<typeof supportMessagesPageSchema>;

export const supportUnreadSchema = z.object({ unread: z.number().int() });
export type SupportUnread = z.infer<typeof supportUnreadSchema>;

// Back office

export const SUPPORT_INBOX_FILTERS = ['open', 'mine', 'unassigned', 'closed', 'all'] as const;
export type SupportInboxFilter = (typeof SUPPORT_INBOX_FILTERS)[number];

export const adminSupportListRequestSchema = pageRequestSchema.extend({
  filter: z.enum(SUPPORT_INBOX_FILTERS, { error: 'invalid' }).default('open'),
});
export type AdminSupportListRequest = z.infer<typeof adminSupportListRequestSchema>;

export const adminSupportConversationSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  /** The user's name, or null for a visitor. */
  username: z.string().nullable(),
  isVisitor: z.boolean(),
  status: z.enum(SUPPORT_STATUSES),
  assignedAdminId: z.string().nullable(),
  assignedAdminUsername: z.string().nullable(),
  /** User messages no operator has read. */
  unread: z.number().int(),
  /** The newest message the user has read. */
  userLastReadId: z.string(),
  lastMessagePreview: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversationSchema>;

export const adminSupportConversationDetailSchema = z.object({
  conversation: adminSupportConversationSchema,
  messages: z.array(supportMessageSchema),
  hasMore: z.boolean(),
});
export type AdminSupportConversationDetail = z.infer<typeof adminSupportConversationDetailSchema>;

export const adminSupportAssignRequestSchema = z.strictObject({
  /** null unassigns; omitted assigns to the caller. */
  adminId: messageIdSchema.nullable().optional(),
});
export type AdminSupportAssignRequest = z.infer<typeof adminSupportAssignRequestSchema>;

export const adminSupportUnreadSchema = z.object({ unreadTotal: z.number().int() });

export const quickReplySchema = z.object({ id: z.string(), text: z.string() });
export type QuickReply = z.infer<typeof quickReplySchema>;

export const quickReplyRequestSchema = z.strictObject({
  text: z
    .string({ error: 'message_required' })
    .trim()
    .min(1, 'message_required')
    .max(QUICK_REPLY_CHARS_MAX, 'text_too_long'),
});

export const supportAgentSchema = z.object({ id: z.string(), username: z.string() });
export type SupportAgent = z.infer<typeof supportAgentSchema>;

/** The live pushes (see realtime.ts): the user's side and the operators' side. */
export interface SupportMessageEvent {
  type: 'support_message';
  message: SupportMessage;
  /** The receiving user's unread count after this message. */
  unread: number;
}
export interface SupportUnreadEvent {
  type: 'support_unread';
  unread: number;
  /** The newest message the operators have read (shown as "seen"). */
  adminLastReadId: string;
}
export interface SupportInboxEvent {
  type: 'support_inbox';
  conversation: AdminSupportConversation;
  /** The new message, when the change is one. */
  message: SupportMessage | null;
  unreadTotal: number;
}
