import type { AdminSupportConversation, SupportMessage } from '@app/contract/support';
import type { ConversationWithNames, MessageWithAdmin } from './support.repo.js';

/** Rows to their wire shapes. */

export function toSupportMessage(row: MessageWithAdmin, audience: 'user' | 'admin'): SupportMessage {
  return {
    id: String(row.id),
    conversationId: String(row.conversationId),
    sender: row.sender,
    // Users see "Support", not which operator answered.
    adminUsername: audience === 'admin' ? row.adminUsername : null,
    text: row.body,
    image: row.imageFile,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminConversation(row: ConversationWithNames): AdminSupportConversation {
  return {
    id: String(row.id),
    userId: row.userId === null ? null : String(row.userId),
    username: row.username,
    isVisitor: row.userId === null,
    status: row.status,
    assignedAdminId: row.assignedAdminId === null ? null : String(row.assignedAdminId),
    assignedAdminUsername: row.assignedAdminUsername,
    unread: row.unreadForAdmin,
    userLastReadId: String(row.userLastReadId),
    lastMessagePreview: row.lastMessagePreview,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
