import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One conversation per user, or per signed-out visitor (by the SHA-256 of the visitor token; the
 * token itself is never stored). Unread counters are kept on the row so the inbox and the tab badge
 * are one cheap read; the read markers say up to which message each side has read.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    visitorHash: text('visitor_hash'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    assignedAdminId: bigint('assigned_admin_id', { mode: 'number' }),
    unreadForUser: integer('unread_for_user').notNull().default(0),
    unreadForAdmin: integer('unread_for_admin').notNull().default(0),
    userLastReadId: bigint('user_last_read_id', { mode: 'number' }).notNull().default(0),
    adminLastReadId: bigint('admin_last_read_id', { mode: 'number' }).notNull().default(0),
    lastMessagePreview: text('last_message_preview'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('support_conversations_user').on(t.userId),
    uniqueIndex('support_conversations_visitor').on(t.visitorHash),
    index('support_conversations_inbox_idx').on(t.status, t.lastMessageAt),
    check('support_conversations_owner', sql`${t.userId} IS NOT NULL OR ${t.visitorHash} IS NOT NULL`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender', { enum: ['user', 'admin'] }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }),
    body: text('body'),
    /** A random file name under DATA_DIR/uploads/chat; never served statically. */
    imageFile: text('image_file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('support_messages_image').on(t.imageFile),
    check('support_messages_content', sql`${t.body} IS NOT NULL OR ${t.imageFile} IS NOT NULL`),
  ],
);

/** Canned answers operators pick from; managed in the back office. */
export const supportQuickReplies = pgTable('support_quick_replies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
