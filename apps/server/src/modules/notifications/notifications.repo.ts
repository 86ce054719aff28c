import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type NotificationRow, notificationMutes, notifications } from './notifications.tables.js';

/** Drizzle queries of the notification centre: no rules, no HTTP. */

/** Stores a notice once per (user, key); answers the new row, or nothing when the key was stored before. */
export async function insertOnce(
  db: DbOrTx,
  values: { userId: number; kind: string; params: Record<string, string>; dedupeKey: string },
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning();
  return row;
}

export async function listPage(
  db: DbOrTx,
  userId: number,
  filter: { unreadOnly: boolean },
  page: { page: number; pageSize: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = filter.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** How many of `ids` are the user's notices. */
export async function countOwned(db: DbOrTx, userId: number, ids: readonly number[]): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])));
  return row?.total ?? 0;
}

/** Marks the user's own notices of `ids` read (another user's ids match nothing). */
export async function markRead(db: DbOrTx, userId: number, ids: readonly number[]): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids]), isNull(notifications.readAt)));
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function mutedKinds(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: notificationMutes.kind })
    .from(notificationMutes)
    .where(eq(notificationMutes.userId, userId));
  return rows.map((r) => r.kind);
}

export async function isMuted(db: DbOrTx, userId: number, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: notificationMutes.kind })
    .from(notificationMutes)
    .where(and(eq(notificationMutes.userId, userId), eq(notificationMutes.kind, kind)))
    .limit(1);
  return row !== undefined;
}

export async function mute(db: DbOrTx, userId: number, kind: string): Promise<void> {
  await db.insert(notificationMutes).values({ userId, kind }).onConflictDoNothing();
}

export async function unmute(db: DbOrTx, userId: number, kind: string): Promise<void> {
  await db.delete(notificationMutes).where(and(eq(notificationMutes.userId, userId), eq(notificationMutes.kind, kind)));
}
