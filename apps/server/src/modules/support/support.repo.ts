import type { SupportInboxFilter } from '@app/contract/support';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, type SQL, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { admins } from '../admin-auth/admin-auth.tables.js';
import { users } from '../users/users.tables.js';
import type { SupportOwner } from './support.identity.js';
import { supportConversations, supportMessages, supportQuickReplies } from './support.tables.js';

/** Drizzle queries of the support module: no rules, no HTTP. */

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type MessageWithAdmin = MessageRow & { adminUsername: string | null };
export type ConversationWithNames = ConversationRow & {
  username: string | null;
  assignedAdminUsername: string | null;
};

export const USER_CONVERSATION_INDEX = 'support_conversations_user';

function ownerCondition(owner: SupportOwner): SQL {
  return owner.kind === 'user'
    ? eq(supportConversations.userId, owner.userId)
    : eq(supportConversations.visitorHash, owner.visitorHash);
}

export async function findByOwner(db: DbOrTx, owner: SupportOwner): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(ownerCondition(owner)).limit(1);
  return row;
}

/** Creates the owner's conversation unless it exists (a concurrent first call is harmless). */
export async function insertIfMissing(db: DbOrTx, owner: SupportOwner): Promise<void> {
  await db
    .insert(supportConversations)
    .values(owner.kind === 'user' ? { userId: owner.userId } : { visitorHash: owner.visitorHash })
    .onConflictDoNothing();
}

/** Hands a visitor's conversation to the user who signed in on that device; the token stops working. */
export async function adoptVisitorConversation(db: DbOrTx, visitorHash: string, userId: number): Promise<void> {
  await db
    .update(supportConversations)
    .set({ userId, visitorHash: null })
    .where(and(eq(supportConversations.visitorHash, visitorHash), isNull(supportConversations.userId)));
}

export async function findById(db: DbOrTx, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id)).limit(1);
  return row;
}

export async function lockById(db: DbOrTx, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  values: {
    conversationId: number;
    sender: 'user' | 'admin';
    adminId: number | null;
    body: string | null;
    imageFile: string | null;
  },
): Promise<MessageRow> {
  const [row] = await db.insert(supportMessages).values(values).returning();
  return row!;
}

export async function updateConversation(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<ConversationRow, 'id'>>,
): Promise<ConversationRow> {
  const [row] = await db.update(supportConversations).set(values).where(eq(supportConversations.id, id)).returning();
  return row!;
}

/** Messages of one conversation, newest first, older than beforeId. */
export async function listMessages(
  db: DbOrTx,
  conversationId: number,
  options: { beforeId?: number; limit: number },
): Promise<MessageWithAdmin[]> {
  const conditions = [eq(supportMessages.conversationId, conversationId)];
  if (options.beforeId !== undefined) conditions.push(lt(supportMessages.id, options.beforeId));
  const rows = await db
    .select({ message: supportMessages, adminUsername: admins.username })
    .from(supportMessages)
    .leftJoin(admins, eq(admins.id, supportMessages.adminId))
    .where(and(...conditions))
    .orderBy(desc(supportMessages.id))
    .limit(options.limit);
  return rows.map((r) => ({ ...r.message, adminUsername: r.adminUsername }));
}

/** How many messages from the other side came after `afterId`. */
export async function countFromSenderAfter(
  db: DbOrTx,
  conversationId: number,
  sender: 'user' | 'admin',
  afterId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        eq(supportMessages.sender, sender),
        gt(supportMessages.id, afterId),
      ),
    );
  return row?.n ?? 0;
}

export async function hasImage(db: DbOrTx, conversationId: number, imageFile: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.imageFile, imageFile)))
    .limit(1);
  return row !== undefined;
}

export async function findImageConversation(db: DbOrTx, imageFile: string): Promise<number | undefined> {
  const [row] = await db
    .select({ conversationId: supportMessages.conversationId })
    .from(supportMessages)
    .where(eq(supportMessages.imageFile, imageFile))
    .limit(1);
  return row?.conversationId;
}

const assignedAdmins = alias(admins, 'assigned_admins');

function inboxCondition(filter: SupportInboxFilter, adminId: number): SQL | undefined {
  const open = eq(supportConversations.status, 'open');
  switch (filter) {
    case 'open':
      return open;
    case 'mine':
      return and(open, eq(supportConversations.assignedAdminId, adminId));
    case 'unassigned':
      return and(open, isNull(supportConversations.assignedAdminId));
    case 'closed':
      return eq(supportConversations.status, 'closed');
    default:
      return undefined;
  }
}

function withNamesQuery(db: DbOrTx) {
  return db
    .select({ conversation: supportConversations, username: users.username, assigned: assignedAdmins.username })
    .from(supportConversations)
    .leftJoin(users, eq(users.id, supportConversations.userId))
    .leftJoin(assignedAdmins, eq(assignedAdmins.id, supportConversations.assignedAdminId));
}

type NamesRow = { conversation: ConversationRow; username: string | null; assigned: string | null };
const toWithNames = (r: NamesRow): ConversationWithNames => ({
  ...r.conversation,
  username: r.username,
  assignedAdminUsername: r.assigned,
});

/** The inbox: conversations with at least one message, most recent activity first. */
export async function listInbox(
  db: DbOrTx,
  options: { filter: SupportInboxFilter; adminId: number; page: number; pageSize: number },
): Promise<{ rows: ConversationWithNames[]; total: number }> {
  const where = and(isNotNull(supportConversations.lastMessageAt), inboxCondition(options.filter, options.adminId));
  const rows = await withNamesQuery(db)
    .where(where)
    .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [totalRow] = await db.select({ n: count() }).from(supportConversations).where(where);
  return { rows: rows.map(toWithNames), total: totalRow?.n ?? 0 };
}

export async function findWithNames(db: DbOrTx, id: number): Promise<ConversationWithNames | undefined> {
  const [row] = await withNamesQuery(db).where(eq(supportConversations.id, id)).limit(1);
  return row ? toWithNames(row) : undefined;
}

/** User messages no operator has read, over every conversation (the back-office badge). */
export async function unreadTotalForAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sum(supportConversations.unreadForAdmin) })
    .from(supportConversations)
    .where(ne(supportConversations.unreadForAdmin, 0));
  return Number(row?.n ?? 0);
}

export async function findAdmin(db: DbOrTx, id: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row;
}

export async function listSupportAdmins(db: DbOrTx) {
  return db
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .where(and(inArray(admins.role, ['owner', 'support']), eq(admins.disabled, false)))
    .orderBy(asc(admins.username));
}

export async function listQuickReplies(db: DbOrTx) {
  return db.select().from(supportQuickReplies).orderBy(asc(supportQuickReplies.id));
}

export async function countQuickReplies(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(supportQuickReplies);
  return row?.n ?? 0;
}

export async function insertQuickReply(db: DbOrTx, body: string) {
  const [row] = await db.insert(supportQuickReplies).values({ body }).returning();
  return row!;
}

export async function deleteQuickReply(db: DbOrTx, id: number) {
  const [row] = await db.delete(supportQuickReplies).where(eq(supportQuickReplies.id, id)).returning();
  return row;
}
