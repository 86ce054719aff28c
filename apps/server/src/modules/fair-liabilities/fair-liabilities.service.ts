import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type LiabilityNode,
  type LiabilityProof,
  type LiabilitySummary,
  liabilityLevelCounts,
  liabilityNodeText,
  liabilitySiblingAt,
} from '@app/contract/fair-liabilities';
import type { Db } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../http/app-error.js';
import { userLiabilities } from '../ledger/ledger.reads.js';
import { allUserIds } from '../users/users.service.js';
import * as repo from './fair-liabilities.repo.js';
import { type LiabilityPeriod, type LiabilitySchedule, liabilityPeriodAt } from './liability-period.js';
import { liabilityLeafId, userLiabilitySecret } from './liability-secret.js';
import {
  BLOCK_LEAVES,
  buildLiabilityTree,
  type LeafEntry,
  leafNode,
  pathOf,
  STORED_LEVEL_MIN,
  sha256Hex,
} from './liability-tree.js';

/**
 * Proof of liabilities (issue 13, section 4; docs/provably-fair.md).
 *
 * | rule | where |
 * | --- | --- |
 * | the formats (leaf, node, zero leaf, path, checks) | @app/contract/fair-liabilities |
 * | leaf ids and the master secret | liability-secret.ts |
 * | periods (platform day or FAIR_LIABILITIES_EVERY_SECONDS) | liability-period.ts |
 * | leaf order, what is stored, a path from a stored tree | liability-tree.ts |
 * | one builder per day, one moment of the books, publish whole | here (`publishTree`) |
 */

export const LIABILITY_CURRENCY = 'USDT';
/** A claim older than this is taken over: its builder died (a build of 100 000 users takes seconds). */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** Trees whose users can still fetch their proofs (a month of days; about 20 MB each per 100 000 users); older ones keep only their published figures. */
export const PROOF_TREES_KEPT = 31;

export interface LiabilityClock {
  now(): Date;
}

export type PublishOutcome =
  | { outcome: 'published'; summary: LiabilitySummary }
  /** Already published, or another process is building it. */
  | { outcome: 'not_claimed' }
  /** Our claim went stale and another process took the day over: nothing of ours was written. */
  | { outcome: 'claim_lost' };

export interface PublishDeps {
  clock: LiabilityClock;
  /** The master secret; asked for only when this process builds a tree. */
  master: () => Buffer;
  log?: { error(obj: unknown, msg: string): void };
}

/**
 * Builds and publishes the tree of `day` unless it is published or being built: claims the day, reads
 * every user's total and the books' total in one statement (one moment), derives the leaf ids, builds
 * the tree and writes it whole in one transaction.
 */
export async function publishTree(db: Db, day: string, deps: PublishDeps): Promise<PublishOutcome> {
  const token = randomBytes(16).toString('hex');
  const claimedAt = deps.clock.now();
  const treeId = await repo.claimTree(db, day, token, claimedAt, new Date(claimedAt.getTime() - CLAIM_LEASE_MS));
  if (treeId === null) return { outcome: 'not_claimed' };

  // Users first: one who signs up in between has no money yet and is simply in tomorrow's tree.
  const userIds = await allUserIds(db);
  const snapshotAt = deps.clock.now();
  const books = await userLiabilities(db, LIABILITY_CURRENCY);
  const entries = await leafEntries(
    day,
    [...new Set([...userIds, ...books.totalsByUser.keys()])],
    books,
    deps.master(),
  );
  const tree = await buildLiabilityTree(entries, STORED_LEVEL_MIN);

  const balancesTotal = entries.reduce((sum, e) => sum + e.balanceMinor, 0n);
  if (tree.root.sum !== balancesTotal)
    throw new Error(`the tree sums to ${tree.root.sum}, its leaves to ${balancesTotal}`);
  if (tree.root.sum !== books.postedToUsers) {
    // Published as it is (the figures are the truth of that moment), and loudly: the books disagree.
    deps.log?.error(
      { day, total: String(tree.root.sum), ledgerTotal: String(books.postedToUsers) },
      'proof of liabilities: the users balances do not add up to their postings',
    );
  }
  const content: repo.TreeContent = {
    leaves: tree.leaves,
    nodes: tree.levels
      .slice(STORED_LEVEL_MIN)
      .flatMap((level, i) =>
        level.map((node, position) => ({ level: STORED_LEVEL_MIN + i, position, hash: node.hash, sum: node.sum })),
      ),
    summary: {
      rootHash: tree.root.hash,
      total: tree.root.sum,
      leaves: tree.leaves.length,
      ledgerTotal: books.postedToUsers,
      snapshotAt,
    },
  };
  const now = deps.clock.now();
  const isWritten = await transact(db, async (tx) => {
    if (!(await repo.writeTree(tx, treeId, token, content, now))) return false;
    await repo.pruneTrees(tx, PROOF_TREES_KEPT, now);
    return true;
  });
  if (!isWritten) return { outcome: 'claim_lost' };
  const published = await repo.findPublishedTree(db, day);
  if (!published) throw new Error(`the tree of ${day} was written but is not published`);
  return { outcome: 'published', summary: toSummary(published) };
}

/** Users between two turns of the event loop while their leaf ids are derived (two HMACs each). */
const LEAF_IDS_PER_TURN = 1_024;

async function leafEntries(
  day: string,
  userIds: readonly number[],
  books: { totalsByUser: ReadonlyMap<number, bigint> },
  master: Buffer,
): Promise<LeafEntry[]> {
  const entries: LeafEntry[] = [];
  for (const [i, userId] of userIds.entries()) {
    entries.push({
      userId,
      leafId: liabilityLeafId(userLiabilitySecret(master, userId), day),
      balanceMinor: books.totalsByUser.get(userId) ?? 0n,
    });
    if (i % LEAF_IDS_PER_TURN === LEAF_IDS_PER_TURN - 1) await nextTurn();
  }
  return entries;
}

/** The current period, and its tree published unless it is (or is being built) already. */
export async function publishCurrentTree(
  db: Db,
  schedule: LiabilitySchedule,
  deps: PublishDeps,
): Promise<{ period: LiabilityPeriod; result: PublishOutcome }> {
  const period = liabilityPeriodAt(deps.clock.now(), schedule);
  // Most checks find the day done: one indexed read instead of a claim attempt.
  const existing = await repo.findTree(db, period.day);
  if (existing?.publishedAt) return { period, result: { outcome: 'not_claimed' } };
  return { period, result: await publishTree(db, period.day, deps) };
}

export async function listLiabilities(db: Db, limit: number): Promise<LiabilitySummary[]> {
  return (await repo.listPublishedTrees(db, limit)).map(toSummary);
}

function toSummary(tree: repo.PublishedTree): LiabilitySummary {
  return {
    day: tree.day,
    root: tree.rootHash,
    total: tree.total.toString(),
    leaves: tree.leaves,
    ledgerTotal: tree.ledgerTotal.toString(),
    currency: tree.currency,
    snapshotAt: tree.snapshotAt.toISOString(),
  };
}

/** The user's leaf and path in the tree of `day` (the latest published when none is given). */
export async function liabilityProof(db: Db, userId: number, day: string | undefined): Promise<LiabilityProof> {
  const tree = await repo.findPublishedTree(db, day);
  if (!tree) throw new AppError('liability_day_not_found');
  if (tree.prunedAt) throw new AppError('liability_proof_expired');
  const own = await repo.findLeaf(db, tree.id, userId);
  if (!own) throw new AppError('liability_leaf_not_found');

  const blockStart = own.position - (own.position % BLOCK_LEAVES);
  const [blockLeaves, upper] = await Promise.all([
    repo.leavesBetween(db, tree.id, blockStart, blockStart + BLOCK_LEAVES - 1),
    repo.nodesAt(db, tree.id, upperSiblings(own.position, tree.leaves)),
  ]);
  const upperByKey = new Map(upper.map((n) => [`${n.level}:${n.position}`, { hash: n.hash, sum: n.sum }]));
  const path = pathOf(own.position, tree.leaves, { start: blockStart, leaves: blockLeaves }, (level, position) => {
    const node = upperByKey.get(`${level}:${position}`);
    if (!node) throw new Error(`tree ${tree.id}: no stored node at level ${level}, position ${position}`);
    return node;
  });
  const leaf = blockLeaves[own.position - blockStart]!;
  const proof: LiabilityProof = {
    day: tree.day,
    leaf: { leafId: leaf.leafId, balanceMinor: leaf.balanceMinor.toString(), hash: leafNode(leaf).hash },
    path,
    root: { hash: tree.rootHash, sum: tree.total.toString(), leaves: tree.leaves },
  };
  assertReachesRoot(proof);
  return proof;
}

/** The stored nodes a path needs: its siblings from STORED_LEVEL_MIN up that are not the zero leaf. */
function upperSiblings(position: number, leafCount: number) {
  const counts = liabilityLevelCounts(leafCount);
  const refs: { level: number; position: number }[] = [];
  for (let level = STORED_LEVEL_MIN; level < counts.length - 1; level++) {
    const sibling = liabilitySiblingAt(position, level, counts);
    if (sibling.position !== null) refs.push({ level, position: sibling.position });
  }
  return refs;
}

/** A stored tree that no longer adds up is a fault to report, never a proof to hand out. */
function assertReachesRoot(proof: LiabilityProof): void {
  let node: LiabilityNode = { hash: proof.leaf.hash, sum: BigInt(proof.leaf.balanceMinor) };
  for (const step of proof.path) {
    const sibling = { hash: step.hash, sum: BigInt(step.sum) };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: sha256Hex(liabilityNodeText(left, right)), sum: left.sum + right.sum };
  }
  if (node.hash !== proof.root.hash || node.sum.toString() !== proof.root.sum) {
    throw new Error(`the stored tree of ${proof.day} no longer reaches its root`);
  }
}
