import type { SupportInboxFilter } from '@app/contract/support';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, ne, type SQL, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminUsernamesByIds, findAdminById, listEnabledAdmins } from '../admin-auth/admin-auth.service.js';
import { usernamesByIds } from '../users/users.service.js';
import { SUPPORT_ROLES, type SupportOwner } from './support.identity.js';
import { supportConversations, supportMessages, supportQuickReplies } from './support.tables.js';

/**
 * Drizzle queries of the support module: no rules, no HTTP. The names of users and operators shown
 * next to its rows come from their own modules (users, admin-auth), never from their tables.
 */

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type MessageWithAdmin = MessageRow & { adminUsername: string | null };
export type ConversationWithNames = ConversationRow & {
  username: string | null;
  assignedAdminUsername: string | null;
};

export const USER_CONVERSATION_INDEX = 'support_conversations_user';

/** The ids that are set (a message by the user has no admin, a visitor's conversation no user). */
const presentIds = (ids: readonly (number | null)[]) => ids.filter((id): id is number => id !== null);

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
    .select()
    .from(supportMessages)
    .where(and(...conditions))
    .orderBy(desc(supportMessages.id))
    .limit(options.limit);
  const admins = await adminUsernamesByIds(db, presentIds(rows.map((r) => r.adminId)));
  return rows.map((r) => ({ ...r, adminUsername: r.adminId === null ? null : (admins.get(r.adminId) ?? null) }));
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

/** Conversations with their user's and their assigned operator's names (null without one). */
async function withNames(db: DbOrTx, rows: readonly ConversationRow[]): Promise<ConversationWithNames[]> {
  const [users, admins] = await Promise.all([
    usernamesByIds(db, presentIds(rows.map((r) => r.userId))),
    adminUsernamesByIds(db, presentIds(rows.map((r) => r.assignedAdminId))),
  ]);
  return rows.map((r) => ({
    ...r,
    username: r.userId === null ? null : (users.get(r.userId) ?? null),
    assignedAdminUsername: r.assignedAdminId === null ? null : (admins.get(r.assignedAdminId) ?? null),
  }));
}

/** The inbox: conversations with at least one message, most recent activity first. */
export async function listInbox(
  db: DbOrTx,
  options: { filter: SupportInboxFilter; adminId: number; page: number; pageSize: number },
): Promise<{ rows: ConversationWithNames[]; total: number }> {
  const where = and(isNotNull(supportConversations.lastMessageAt), inboxCondition(options.filter, options.adminId));
  const rows = await db
    .select()
    .from(supportConversations)
    .where(where)
    .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [totalRow] = await db.select({ n: count() }).from(supportConversations).where(where);
  return { rows: await withNames(db, rows), total: totalRow?.n ?? 0 };
}

export async function findWithNames(db: DbOrTx, id: number): Promise<ConversationWithNames | undefined> {
  const row = await findById(db, id);
  return row ? (await withNames(db, [row]))[0] : undefined;
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
  return findAdminById(db, id);
}

/** The operators who can work the inbox (owner or support, not disabled), by username. */
export async function listSupportAdmins(db: DbOrTx) {
  return listEnabledAdmins(db, SUPPORT_ROLES);
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
