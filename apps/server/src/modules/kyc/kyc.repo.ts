import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { kycSubmissions } from './kyc.tables.js';

/** Drizzle queries of the KYC module: no rules, no HTTP. */

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type KycReviewStatus = KycSubmissionRow['status'];

/** The name of the partial unique index that allows one pending-or-approved submission per user. */
export const ONE_OPEN_PER_USER_INDEX = 'kyc_submissions_one_open_per_user';

export async function insertSubmission(
  db: DbOrTx,
  values: { userId: number; realName: string; idNumber: string; frontFile: string; backFile: string },
): Promise<KycSubmissionRow> {
  const [row] = await db.insert(kycSubmissions).values(values).returning();
  return row!;
}

export async function findLatestByUser(db: DbOrTx, userId: number): Promise<KycSubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row;
}

/** The status of each user's latest submission (users without one are absent). */
export async function findLatestStatuses(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<{ userId: number; status: KycReviewStatus }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectDistinctOn([kycSubmissions.userId], { userId: kycSubmissions.userId, status: kycSubmissions.status })
    .from(kycSubmissions)
    .where(inArray(kycSubmissions.userId, [...userIds]))
    .orderBy(kycSubmissions.userId, desc(kycSubmissions.id));
}

export async function hasOpenSubmission(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), inArray(kycSubmissions.status, ['pending', 'approved'])))
    .limit(1);
  return row !== undefined;
}

export async function findById(db: DbOrTx, id: number): Promise<KycSubmissionRow | undefined> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1);
  return row;
}

/** The review queue: pending ones oldest first (first come, first served), the others newest first. */
export async function listSubmissions(
  db: DbOrTx,
  filter: { status?: KycReviewStatus },
  page: { page: number; pageSize: number },
): Promise<{ rows: KycSubmissionRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(kycSubmissions.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = filter.status === 'pending' ? asc(kycSubmissions.id) : desc(kycSubmissions.id);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(kycSubmissions)
      .where(where)
      .orderBy(order)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(kycSubmissions).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * Decides a pending submission in one conditional statement, so two reviewers acting at once
 * cannot both succeed: the second finds nothing pending and gets nothing back.
 */
export async function decidePending(
  db: DbOrTx,
  id: number,
  decision: { status: 'approved' | 'rejected'; rejectReason: string | null; reviewedBy: number },
): Promise<KycSubmissionRow | undefined> {
  const [row] = await db
    .update(kycSubmissions)
    .set({ ...decision, reviewedAt: sql`now()` })
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
    .returning();
  return row;
}
