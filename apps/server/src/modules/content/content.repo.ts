import type { HelpCategory, LocalizedText } from '@app/contract/content';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { helpArticles, notices } from './content.tables.js';

/** Drizzle queries of the content module: no rules, no HTTP. */

export type NoticeRow = typeof notices.$inferSelect;
export type HelpArticleRow = typeof helpArticles.$inferSelect;

const visibleToPublic = and(eq(notices.published, true), isNull(notices.deletedAt));
/** Pinned first, then the newest publication; the id breaks ties so paging is stable. */
const publicOrder = [desc(notices.pinned), desc(notices.publishedAt), desc(notices.id)];

export async function listPublishedNotices(
  db: DbOrTx,
  paging: { page: number; pageSize: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(visibleToPublic)
      .orderBy(...publicOrder)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(notices).where(visibleToPublic),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findPublishedNotice(db: DbOrTx, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), visibleToPublic));
  return row;
}

export async function listAdminNotices(
  db: DbOrTx,
  filter: { published?: boolean },
  paging: { page: number; pageSize: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const conditions: SQL[] = [isNull(notices.deletedAt)];
  if (filter.published !== undefined) conditions.push(eq(notices.published, filter.published));
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.pinned), desc(notices.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(notices).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** A notice that is not deleted, locked for an edit when inside a transaction. */
export async function findNoticeForUpdate(db: DbOrTx, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), isNull(notices.deletedAt)))
    .for('update');
  return row;
}

export interface NoticeValues {
  title: LocalizedText;
  body: LocalizedText;
  pinned: boolean;
  published: boolean;
  publishedAt: Date | null;
}

export async function insertNotice(
  db: DbOrTx,
  values: NoticeValues & { adminId: number | null; seedKey?: string },
): Promise<NoticeRow | undefined> {
  const [row] = await db
    .insert(notices)
    .values({
      title: values.title,
      body: values.body,
      pinned: values.pinned,
      published: values.published,
      publishedAt: values.publishedAt,
      seedKey: values.seedKey ?? null,
      createdBy: values.adminId,
      updatedBy: values.adminId,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateNotice(
  db: DbOrTx,
  id: number,
  values: Partial<NoticeValues> & { adminId: number },
): Promise<NoticeRow> {
  const { adminId, ...set } = values;
  const [row] = await db
    .update(notices)
    .set({ ...set, updatedBy: adminId, updatedAt: sql`now()` })
    .where(eq(notices.id, id))
    .returning();
  return row!;
}

export async function softDeleteNotice(db: DbOrTx, id: number, adminId: number): Promise<void> {
  await db
    .update(notices)
    .set({ deletedAt: sql`now()`, published: false, updatedBy: adminId, updatedAt: sql`now()` })
    .where(eq(notices.id, id));
}

const helpOrder = [asc(helpArticles.sort), asc(helpArticles.id)];

export async function listHelpArticles(db: DbOrTx, filter: { publishedOnly: boolean }): Promise<HelpArticleRow[]> {
  return db
    .select()
    .from(helpArticles)
    .where(filter.publishedOnly ? eq(helpArticles.published, true) : undefined)
    .orderBy(...helpOrder)
    .limit(500);
}

export async function findHelpArticleBySlug(db: DbOrTx, slug: string): Promise<HelpArticleRow | undefined> {
  const [row] = await db.select().from(helpArticles).where(eq(helpArticles.slug, slug));
  return row;
}

export async function findHelpArticleForUpdate(db: DbOrTx, id: number): Promise<HelpArticleRow | undefined> {
  const [row] = await db.select().from(helpArticles).where(eq(helpArticles.id, id)).for('update');
  return row;
}

export interface HelpArticleValues {
  slug: string;
  category: HelpCategory;
  sort: number;
  title: LocalizedText;
  body: LocalizedText;
  published: boolean;
}

/** Answers undefined when the slug is taken (seeding relies on that to add only what is missing). */
export async function insertHelpArticle(
  db: DbOrTx,
  values: HelpArticleValues & { adminId: number | null },
): Promise<HelpArticleRow | undefined> {
  const { adminId, ...rest } = values;
  const [row] = await db
    .insert(helpArticles)
    .values({ ...rest, updatedBy: adminId })
    .onConflictDoNothing({ target: helpArticles.slug })
    .returning();
  return row;
}

export async function updateHelpArticle(
  db: DbOrTx,
  id: number,
  values: Partial<HelpArticleValues> & { adminId: number },
): Promise<HelpArticleRow> {
  const { adminId, ...set } = values;
  const [row] = await db
    .update(helpArticles)
    .set({ ...set, updatedBy: adminId, updatedAt: sql`now()` })
    .where(eq(helpArticles.id, id))
    .returning();
  return row!;
}
