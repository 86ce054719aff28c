import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { fairLiabilityLeaves, fairLiabilityNodes, fairLiabilityTrees } from './fair-liabilities.tables.js';

/** Drizzle queries of the proof of liabilities: no rules, no HTTP. */

export type TreeRow = typeof fairLiabilityTrees.$inferSelect;
export type PublishedTree = TreeRow & {
  rootHash: string;
  total: bigint;
  leaves: number;
  ledgerTotal: bigint;
  snapshotAt: Date;
  publishedAt: Date;
};

/** Rows per INSERT: well under PostgreSQL's 65 535 parameters, and a bounded statement. */
const INSERT_BATCH_ROWS = 2_000;

function isPublished(row: TreeRow): row is PublishedTree {
  return row.publishedAt !== null;
}

/**
 * Claims the day's tree for `token`: a new row, or an unpublished one whose claim is older than
 * `staleBefore` (its builder died). Null when the day is published or someone else is building it.
 * Two processes claiming at once: the unique day decides, the second waits for the first's insert
 * and then finds the claim fresh.
 */
export async function claimTree(db: DbOrTx, day: string, token: string, now: Date, staleBefore: Date) {
  const rows = await db
    .insert(fairLiabilityTrees)
    .values({ day, claimToken: token, claimedAt: now })
    .onConflictDoUpdate({
      target: fairLiabilityTrees.day,
      set: { claimToken: token, claimedAt: now },
      setWhere: and(isNull(fairLiabilityTrees.publishedAt), sql`${fairLiabilityTrees.claimedAt} < ${staleBefore}`),
    })
    .returning({ id: fairLiabilityTrees.id });
  return rows[0]?.id ?? null;
}

export async function findTree(db: DbOrTx, day: string): Promise<TreeRow | undefined> {
  const [row] = await db.select().from(fairLiabilityTrees).where(eq(fairLiabilityTrees.day, day));
  return row;
}

export async function findPublishedTree(db: DbOrTx, day: string | undefined): Promise<PublishedTree | undefined> {
  const [row] = await db
    .select()
    .from(fairLiabilityTrees)
    .where(
      and(isNotNull(fairLiabilityTrees.publishedAt), day === undefined ? undefined : eq(fairLiabilityTrees.day, day)),
    )
    .orderBy(desc(fairLiabilityTrees.publishedAt), desc(fairLiabilityTrees.id))
    .limit(1);
  return row && isPublished(row) ? row : undefined;
}

export async function listPublishedTrees(db: DbOrTx, limit: number): Promise<PublishedTree[]> {
  const rows = await db
    .select()
    .from(fairLiabilityTrees)
    .where(isNotNull(fairLiabilityTrees.publishedAt))
    .orderBy(desc(fairLiabilityTrees.publishedAt), desc(fairLiabilityTrees.id))
    .limit(limit);
  return rows.filter(isPublished);
}

export interface TreeContent {
  /** In tree order: a leaf's position is its index. */
  leaves: readonly { userId: number; leafId: string; balanceMinor: bigint }[];
  nodes: { level: number; position: number; hash: string; sum: bigint }[];
  summary: { rootHash: string; total: bigint; leaves: number; ledgerTotal: bigint; snapshotAt: Date };
}

/**
 * Writes a claimed tree's leaves and nodes and publishes it, all in `tx`: readers see a whole tree or
 * none. False (nothing written) when the claim is no longer `token`'s: it went stale and was taken over.
 */
export async function writeTree(tx: Tx, treeId: number, token: string, content: TreeContent, now: Date) {
  const [claim] = await tx
    .select({ id: fairLiabilityTrees.id })
    .from(fairLiabilityTrees)
    .where(
      and(
        eq(fairLiabilityTrees.id, treeId),
        eq(fairLiabilityTrees.claimToken, token),
        isNull(fairLiabilityTrees.publishedAt),
      ),
    )
    .for('update');
  if (!claim) return false;
  for (let i = 0; i < content.leaves.length; i += INSERT_BATCH_ROWS) {
    const batch = content.leaves.slice(i, i + INSERT_BATCH_ROWS).map((leaf, j) => ({
      treeId,
      position: i + j,
      userId: leaf.userId,
      leafId: leaf.leafId,
      balanceMinor: leaf.balanceMinor,
    }));
    await tx.insert(fairLiabilityLeaves).values(batch);
  }
  for (let i = 0; i < content.nodes.length; i += INSERT_BATCH_ROWS) {
    const batch = content.nodes.slice(i, i + INSERT_BATCH_ROWS).map((node) => ({ treeId, ...node }));
    await tx.insert(fairLiabilityNodes).values(batch);
  }
  await tx
    .update(fairLiabilityTrees)
    .set({ ...content.summary, publishedAt: now })
    .where(eq(fairLiabilityTrees.id, treeId));
  return true;
}

export async function findLeaf(db: DbOrTx, treeId: number, userId: number) {
  const [row] = await db
    .select({ position: fairLiabilityLeaves.position })
    .from(fairLiabilityLeaves)
    .where(and(eq(fairLiabilityLeaves.treeId, treeId), eq(fairLiabilityLeaves.userId, userId)));
  return row;
}

/** The leaves at positions `from` to `to` (inclusive), in order. */
export async function leavesBetween(db: DbOrTx, treeId: number, from: number, to: number) {
  return db
    .select({
      position: fairLiabilityLeaves.position,
      leafId: fairLiabilityLeaves.leafId,
      balanceMinor: fairLiabilityLeaves.balanceMinor,
    })
    .from(fairLiabilityLeaves)
    .where(
      and(
        eq(fairLiabilityLeaves.treeId, treeId),
        gte(fairLiabilityLeaves.position, from),
        lte(fairLiabilityLeaves.position, to),
      ),
    )
    .orderBy(fairLiabilityLeaves.position);
}

/** Stored nodes by (level, position). */
export async function nodesAt(db: DbOrTx, treeId: number, refs: readonly { level: number; position: number }[]) {
  if (refs.length === 0) return [];
  return db
    .select({
      level: fairLiabilityNodes.level,
      position: fairLiabilityNodes.position,
      hash: fairLiabilityNodes.hash,
      sum: fairLiabilityNodes.sum,
    })
    .from(fairLiabilityNodes)
    .where(
      and(
        eq(fairLiabilityNodes.treeId, treeId),
        sql`(${fairLiabilityNodes.level}, ${fairLiabilityNodes.position}) IN (${sql.join(
          refs.map((r) => sql`(${r.level}, ${r.position})`),
          sql`, `,
        )})`,
      ),
    );
}

/**
 * Deletes the leaves and nodes of published trees older than the newest `keep`, and marks them
 * pruned; their published figures stay. Answers how many trees were pruned.
 */
export async function pruneTrees(tx: Tx, keep: number, now: Date): Promise<number> {
  const kept = tx
    .select({ id: fairLiabilityTrees.id })
    .from(fairLiabilityTrees)
    .where(isNotNull(fairLiabilityTrees.publishedAt))
    .orderBy(desc(fairLiabilityTrees.publishedAt), desc(fairLiabilityTrees.id))
    .limit(keep);
  const due = await tx
    .select({ id: fairLiabilityTrees.id })
    .from(fairLiabilityTrees)
    .where(
      and(
        isNotNull(fairLiabilityTrees.publishedAt),
        isNull(fairLiabilityTrees.prunedAt),
        notInArray(fairLiabilityTrees.id, kept),
      ),
    );
  const ids = due.map((r) => r.id);
  if (ids.length === 0) return 0;
  await tx.delete(fairLiabilityLeaves).where(inArray(fairLiabilityLeaves.treeId, ids));
  await tx.delete(fairLiabilityNodes).where(inArray(fairLiabilityNodes.treeId, ids));
  await tx.update(fairLiabilityTrees).set({ prunedAt: now }).where(inArray(fairLiabilityTrees.id, ids));
  return ids.length;
}
