import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  LIABILITY_ZERO_LEAF_TEXT,
  type LiabilityNode,
  type LiabilityProof,
  liabilityLeafText,
  liabilityLevelCounts,
  liabilityParentLevel,
  liabilitySiblingAt,
} from '@app/contract/fair-liabilities';

/**
 * Building a day's Merkle sum tree and reading a path out of a stored one. The formats are the
 * contract's (fair-liabilities.ts); this adds Node's SHA-256, the order of the leaves, and the split
 * between what is stored (nodes from STORED_LEVEL_MIN up) and what a proof recomputes (the block of
 * BLOCK_LEAVES leaves around the user's leaf).
 */
export const STORED_LEVEL_MIN = 4;
export const BLOCK_LEAVES = 2 ** STORED_LEVEL_MIN;
/** Hashes between two turns of the event loop: a tree of 100 000 users never holds it for long. */
const HASHES_PER_TURN = 2_048;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export const ZERO_LEAF: LiabilityNode = { hash: sha256Hex(LIABILITY_ZERO_LEAF_TEXT), sum: 0n };

export interface LeafEntry {
  userId: number;
  leafId: string;
  balanceMinor: bigint;
}

export function leafNode(leaf: Pick<LeafEntry, 'leafId' | 'balanceMinor'>): LiabilityNode {
  return { hash: sha256Hex(liabilityLeafText(leaf.leafId, leaf.balanceMinor)), sum: leaf.balanceMinor };
}

export interface BuiltTree {
  /** In tree order: sorted by leaf id, so neighbours (whose sums a path shows) change every day. */
  leaves: LeafEntry[];
  /** Every level, the leaves' nodes first (those below `keepFromLevel` left empty); none when there is no leaf. */
  levels: LiabilityNode[][];
  /** The top node; the zero leaf for a tree without leaves. */
  root: LiabilityNode;
}

/**
 * Builds the tree of `entries` (any order), yielding to the event loop as it goes. Levels below
 * `keepFromLevel` are let go once the level above is built (the server stores only the upper ones).
 */
export async function buildLiabilityTree(entries: readonly LeafEntry[], keepFromLevel = 0): Promise<BuiltTree> {
  const leaves = [...entries].sort((a, b) => (a.leafId < b.leafId ? -1 : a.leafId > b.leafId ? 1 : 0));
  if (leaves.length === 0) return { leaves, levels: [], root: ZERO_LEAF };
  const bottom: LiabilityNode[] = [];
  for (let i = 0; i < leaves.length; i++) {
    bottom.push(leafNode(leaves[i]!));
    if (i % HASHES_PER_TURN === HASHES_PER_TURN - 1) await nextTurn();
  }
  const levels = [bottom];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const above: LiabilityNode[] = [];
    // Runs of an even length starting at even positions: pairing each run is pairing the level.
    for (let from = 0; from < below.length; from += 2 * HASHES_PER_TURN) {
      above.push(...liabilityParentLevel(below.slice(from, from + 2 * HASHES_PER_TURN), ZERO_LEAF, sha256Hex));
      await nextTurn();
    }
    levels.push(above);
    if (levels.length - 2 < keepFromLevel) levels[levels.length - 2] = [];
  }
  return { leaves, levels, root: levels[levels.length - 1]![0]! };
}

/**
 * A leaf's path: the lower steps from its block's leaves (`block`, the leaves from the block's first
 * position, in order), the upper ones from `upperNode(level, position)` (stored nodes).
 */
export function pathOf(
  position: number,
  leafCount: number,
  block: { start: number; leaves: readonly Pick<LeafEntry, 'leafId' | 'balanceMinor'>[] },
  upperNode: (level: number, position: number) => LiabilityNode,
): LiabilityProof['path'] {
  const counts = liabilityLevelCounts(leafCount);
  if (block.start % BLOCK_LEAVES !== 0 || position < block.start || position >= block.start + block.leaves.length) {
    throw new Error(`leaf ${position} is not in the block starting at ${block.start}`);
  }
  // The block's own levels: a block starts at a multiple of 16, so its runs are aligned as pairing needs.
  let level: LiabilityNode[] = block.leaves.map(leafNode);
  const blockLevels = [level];
  for (let l = 1; l < Math.min(STORED_LEVEL_MIN, counts.length); l++) {
    level = liabilityParentLevel(level, ZERO_LEAF, sha256Hex);
    blockLevels.push(level);
  }
  const path: LiabilityProof['path'] = [];
  for (let l = 0; l < counts.length - 1; l++) {
    const sibling = liabilitySiblingAt(position, l, counts);
    const node =
      sibling.position === null
        ? ZERO_LEAF
        : l < STORED_LEVEL_MIN
          ? blockLevels[l]![sibling.position - block.start / 2 ** l]!
          : upperNode(l, sibling.position);
    if (!node) throw new Error(`no node at level ${l}, position ${sibling.position}`);
    path.push({ side: sibling.side, hash: node.hash, sum: node.sum.toString() });
  }
  return path;
}
