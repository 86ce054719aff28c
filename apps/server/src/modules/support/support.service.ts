import type { Page } from '@app/contract/common';
import type {
  AdminSupportConversation,
  AdminSupportConversationDetail,
  QuickReply,
  SupportConversation,
  SupportInboxFilter,
  SupportMessage,
  SupportMessagesPage,
} from '@app/contract/support';
import { QUICK_REPLIES_MAX, SUPPORT_IMAGE_BYTES_MAX, SUPPORT_IMAGE_TYPES } from '@app/contract/support';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { checkImage, type ImageContentType, readImage, removeUploads, saveImage } from '../../lib/uploads.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { canHandleSupport, type SupportOwner } from './support.identity.js';
import { publishSupportChange, type SupportLive } from './support.publish.js';
import * as repo from './support.repo.js';
import { toAdminConversation, toSupportMessage } from './support.views.js';

/** Customer support (DESIGN.md 6.7): the only code that writes the support tables. */

const UPLOAD_AREA = 'chat';
const IMAGE_LIMITS = { bytesMax: SUPPORT_IMAGE_BYTES_MAX, types: SUPPORT_IMAGE_TYPES };
export const RECENT_MESSAGES = 30;
const PREVIEW_CHARS = 80;

/** Who sends: the user, or an operator (who, answering an unassigned conversation, takes it: audited as such). */
export type Sender = { kind: 'user' } | { kind: 'admin'; adminId: number; actor: AuditActor };
export interface MessageContent {
  text?: string;
  image?: Uint8Array;
}

// Reads for the user's side

/**
 * The owner's conversation, created on first use. A user who brings the visitor token of this device
 * takes over that visitor's conversation when they have none of their own yet.
 */
export async function openConversation(
  db: Db,
  owner: SupportOwner,
  visitorHash?: string,
): Promise<repo.ConversationRow> {
  let row = await repo.findByOwner(db, owner);
  if (row) return row;
  if (owner.kind === 'user' && visitorHash) {
    try {
      await repo.adoptVisitorConversation(db, visitorHash, owner.userId);
    } catch (error) {
      // The user's own conversation appeared meanwhile: the visitor's stays as it was.
      if (!isUniqueViolation(error, repo.USER_CONVERSATION_INDEX)) throw error;
    }
  }
  await repo.insertIfMissing(db, owner);
  row = await repo.findByOwner(db, owner);
  if (!row) throw new Error('support: conversation missing after insert');
  return row;
}

export async function findConversation(db: DbOrTx, owner: SupportOwner) {
  return repo.findByOwner(db, owner);
}

export async function getConversationView(
  db: DbOrTx,
  row: repo.ConversationRow,
  supportHours: string,
): Promise<SupportConversation> {
  const page = await getMessagesPage(db, row.id, { limit: RECENT_MESSAGES }, 'user');
  return {
    id: String(row.id),
    status: row.status,
    unread: row.unreadForUser,
    adminLastReadId: String(row.adminLastReadId),
    supportHours,
    ...page,
  };
}

/** A page of older messages, oldest first (as a chat shows them). */
export async function getMessagesPage(
  db: DbOrTx,
  conversationId: number,
  options: { beforeId?: number; limit: number },
  audience: 'user' | 'admin',
): Promise<SupportMessagesPage> {
  const rows = await repo.listMessages(db, conversationId, { ...options, limit: options.limit + 1 });
  const hasMore = rows.length > options.limit;
  const messages = rows
    .slice(0, options.limit)
    .reverse()
    .map((m) => toSupportMessage(m, audience));
  return { messages, hasMore };
}

// Writes shared by both sides

/**
 * Adds a message: checked first (text or image, never neither), the image stored, then one
 * transaction writes the message and the conversation's counters; a new message reopens a closed
 * conversation. The live pushes go out after the commit.
 */
export async function sendMessage(
  db: Db,
  live: SupportLive,
  dataDir: string,
  conversationId: number,
  sender: Sender,
  content: MessageContent,
): Promise<SupportMessage> {
  if (content.image) checkImage(content.image, IMAGE_LIMITS);
  if (!content.text && !content.image)
    throw new AppError('validation_failed', { fieldKeys: { text: 'message_required' } });
  const stored = content.image ? (await saveImage(dataDir, UPLOAD_AREA, content.image, IMAGE_LIMITS)).name : null;
  let message: repo.MessageRow;
  try {
    message = await db.transaction(async (tx) => {
      const conversation = await repo.lockById(tx, conversationId);
      if (!conversation) throw new AppError('not_found');
      const row = await repo.insertMessage(tx, {
        conversationId,
        sender: sender.kind,
        adminId: sender.kind === 'admin' ? sender.adminId : null,
        body: content.text ?? null,
        imageFile: stored,
      });
      const preview = content.text ? content.text.slice(0, PREVIEW_CHARS) : null;
      const common = {
        status: 'open' as const,
        closedAt: null,
        lastMessagePreview: preview,
        lastMessageAt: row.createdAt,
      };
      // The sender has read everything up to their own message.
      await repo.updateConversation(
        tx,
        conversationId,
        sender.kind === 'user'
          ? { ...common, unreadForAdmin: conversation.unreadForAdmin + 1, unreadForUser: 0, userLastReadId: row.id }
          : {
              ...common,
              unreadForUser: conversation.unreadForUser + 1,
              unreadForAdmin: 0,
              adminLastReadId: row.id,
              // An operator who answers an unassigned conversation takes it, so no one else answers too.
              ...(conversation.assignedAdminId === null ? { assignedAdminId: sender.adminId } : {}),
            },
      );
      if (sender.kind === 'admin' && conversation.assignedAdminId === null) {
        await recordAudit(tx, sender.actor, {
          action: 'support.assign',
          targetType: 'support_conversation',
          targetId: conversationId,
          before: { assignedAdminId: null },
          after: { assignedAdminId: sender.adminId },
        });
      }
      return row;
    });
  } catch (error) {
    if (stored) await removeUploads(dataDir, UPLOAD_AREA, [stored]);
    throw error;
  }
  const adminUsername = sender.kind === 'admin' ? ((await repo.findAdmin(db, sender.adminId))?.username ?? null) : null;
  const withAdmin = { ...message, adminUsername };
  await publishSupportChange(db, live, conversationId, withAdmin);
  return toSupportMessage(withAdmin, sender.kind);
}

/** Marks one side's reading up to `lastId` (never backwards) and recounts what is left unread. */
export async function markRead(
  db: Db,
  live: SupportLive,
  conversationId: number,
  reader: 'user' | 'admin',
  lastId: number,
) {
  await db.transaction(async (tx) => {
    const conversation = await repo.lockById(tx, conversationId);
    if (!conversation) throw new AppError('not_found');
    if (reader === 'user') {
      const readId = Math.max(conversation.userLastReadId, lastId);
      const unread = await repo.countFromSenderAfter(tx, conversationId, 'admin', readId);
      await repo.updateConversation(tx, conversationId, { userLastReadId: readId, unreadForUser: unread });
    } else {
      const readId = Math.max(conversation.adminLastReadId, lastId);
      const unread = await repo.countFromSenderAfter(tx, conversationId, 'user', readId);
      await repo.updateConversation(tx, conversationId, { adminLastReadId: readId, unreadForAdmin: unread });
    }
  });
  await publishSupportChange(db, live, conversationId, null);
}

/** An image of this conversation, or not found (also for an image of another conversation). */
export async function readConversationImage(
  db: DbOrTx,
  dataDir: string,
  conversationId: number,
  name: string,
): Promise<{ bytes: Buffer; contentType: ImageContentType }> {
  if (!(await repo.hasImage(db, conversationId, name))) throw new AppError('support_image_not_found');
  const image = await readImage(dataDir, UPLOAD_AREA, name, SUPPORT_IMAGE_BYTES_MAX);
  if (!image) throw new AppError('support_image_not_found');
  return image;
}

export async function imageConversationId(db: DbOrTx, name: string): Promise<number> {
  const id = await repo.findImageConversation(db, name);
  if (id === undefined) throw new AppError('support_image_not_found');
  return id;
}

// The back office

export async function listInbox(
  db: DbOrTx,
  request: { filter: SupportInboxFilter; page: number; pageSize: number },
  adminId: number,
): Promise<Page<AdminSupportConversation>> {
  const { rows, total } = await repo.listInbox(db, { ...request, adminId });
  return { list: rows.map(toAdminConversation), total, page: request.page, pageSize: request.pageSize };
}

export async function getAdminConversation(db: DbOrTx, id: number): Promise<AdminSupportConversationDetail> {
  const row = await repo.findWithNames(db, id);
  if (!row) throw new AppError('not_found');
  const page = await getMessagesPage(db, id, { limit: RECENT_MESSAGES }, 'admin');
  return { conversation: toAdminConversation(row), ...page };
}

export async function requireConversation(db: DbOrTx, id: number): Promise<repo.ConversationRow> {
  const row = await repo.findById(db, id);
  if (!row) throw new AppError('not_found');
  return row;
}

export const unreadTotalForAdmins = repo.unreadTotalForAdmins;

/** Assigns to an active operator (owner or support), or unassigns with null; audited. */
export async function assignConversation(
  db: Db,
  live: SupportLive,
  id: number,
  adminId: number | null,
  actor: AuditActor,
) {
  if (adminId !== null) {
    const admin = await repo.findAdmin(db, adminId);
    if (!admin || !canHandleSupport(admin)) throw new AppError('support_assignee_invalid');
  }
  await db.transaction(async (tx) => {
    const before = await repo.lockById(tx, id);
    if (!before) throw new AppError('not_found');
    await repo.updateConversation(tx, id, { assignedAdminId: adminId });
    await recordAudit(tx, actor, {
      action: 'support.assign',
      targetType: 'support_conversation',
      targetId: id,
      before: { assignedAdminId: before.assignedAdminId },
      after: { assignedAdminId: adminId },
    });
  });
  await publishSupportChange(db, live, id, null);
  return getAdminConversation(db, id);
}

/** Closes a conversation (the user's next message reopens it); audited. */
export async function closeConversation(db: Db, live: SupportLive, id: number, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const before = await repo.lockById(tx, id);
    if (!before) throw new AppError('not_found');
    await repo.updateConversation(tx, id, { status: 'closed', closedAt: new Date() });
    await recordAudit(tx, actor, {
      action: 'support.close',
      targetType: 'support_conversation',
      targetId: id,
      before: { status: before.status },
      after: { status: 'closed' },
    });
  });
  await publishSupportChange(db, live, id, null);
  return getAdminConversation(db, id);
}

export async function listAgents(db: DbOrTx) {
  return (await repo.listSupportAdmins(db)).map((a) => ({ id: String(a.id), username: a.username }));
}

export async function listQuickReplies(db: DbOrTx): Promise<QuickReply[]> {
  return (await repo.listQuickReplies(db)).map((r) => ({ id: String(r.id), text: r.body }));
}

export async function addQuickReply(db: Db, text: string, actor: AuditActor): Promise<QuickReply> {
  return db.transaction(async (tx) => {
    if ((await repo.countQuickReplies(tx)) >= QUICK_REPLIES_MAX) {
      throw new AppError('validation_failed', { fieldKeys: { text: 'invalid' } });
    }
    const row = await repo.insertQuickReply(tx, text);
    await recordAudit(tx, actor, {
      action: 'support.quick_reply_create',
      targetType: 'support_quick_reply',
      targetId: row.id,
      after: { text },
    });
    return { id: String(row.id), text: row.body };
  });
}

export async function removeQuickReply(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteQuickReply(tx, id);
    if (!row) throw new AppError('not_found');
    await recordAudit(tx, actor, {
      action: 'support.quick_reply_delete',
      targetType: 'support_quick_reply',
      targetId: id,
      before: { text: row.body },
    });
  });
}
