import { z } from 'zod';

/**
 * Proof of liabilities (issue 13, section 4; docs/provably-fair.md). The formats are a public
 * protocol, written out here once for the server (which builds the tree) and the app (which checks a
 * proof in the browser); tools/verify/verify.mjs is a second implementation that shares no code.
 *
 * - leaf = SHA-256(UTF-8("leaf|{leafId}|{balanceMinor}")), its sum the balance;
 * - node = SHA-256(UTF-8("node|{leftHash}|{leftSum}|{rightHash}|{rightSum}")), its sum leftSum + rightSum;
 * - a level with an odd count pairs its last node with the zero leaf SHA-256("leaf|0|0") of sum 0;
 * - the root is the one node of the top level (a tree of one leaf is that leaf).
 * Hashes and leaf ids are lowercase hex; sums and balances are integers of the currency's minor unit
 * (USDT: 10^-6), written in decimal.
 */

export const LIABILITY_ZERO_LEAF_TEXT = 'leaf|0|0';
export const LIABILITY_SIDES = ['left', 'right'] as const;
export type LiabilitySide = (typeof LIABILITY_SIDES)[number];

/** A hash of the tree with the sum beneath it. */
export interface LiabilityNode {
  hash: string;
  sum: bigint;
}

/** SHA-256 of a text's UTF-8 bytes, as lowercase hex; the browser's is asynchronous (WebCrypto). */
export type Sha256Hex = (text: string) => string | Promise<string>;
export type Sha256HexSync = (text: string) => string;

export function liabilityLeafText(leafId: string, balanceMinor: bigint): string {
  return `leaf|${leafId}|${balanceMinor}`;
}

export function liabilityNodeText(left: LiabilityNode, right: LiabilityNode): string {
  return `node|${left.hash}|${left.sum}|${right.hash}|${right.sum}`;
}

/**
 * The level above `nodes`, a run of one level that starts at an even position and ends at the level's
 * end or at an even boundary (a whole level, or an aligned block of it): pairs left to right, the
 * last of an odd count with the zero leaf.
 */
export function liabilityParentLevel(
  nodes: readonly LiabilityNode[],
  zeroLeaf: LiabilityNode,
  sha256: Sha256HexSync,
): LiabilityNode[] {
  const parents: LiabilityNode[] = [];
  for (let i = 0; i < nodes.length; i += 2) {
    const left = nodes[i]!;
    const right = nodes[i + 1] ?? zeroLeaf;
    parents.push({ hash: sha256(liabilityNodeText(left, right)), sum: left.sum + right.sum });
  }
  return parents;
}

/**
 * How many nodes each level of a tree of `leaves` leaves has, from the leaves (level 0) to the root:
 * [n, ceil(n/2), ..., 1]. Its length less one is the length of every path.
 */
export function liabilityLevelCounts(leaves: number): number[] {
  if (!Number.isSafeInteger(leaves) || leaves < 1) throw new RangeError(`a tree of ${leaves} leaves`);
  const counts = [leaves];
  while (counts[counts.length - 1]! > 1) counts.push(Math.ceil(counts[counts.length - 1]! / 2));
  return counts;
}

/**
 * The sibling, at `level`, of the node above the leaf at `position`: on which side it stands and its
 * position on that level, or null when it is the zero leaf (the node is the last of an odd count).
 */
export function liabilitySiblingAt(
  position: number,
  level: number,
  counts: readonly number[],
): { side: LiabilitySide; position: number | null } {
  const own = Math.floor(position / 2 ** level);
  const sibling = own % 2 === 0 ? own + 1 : own - 1;
  return { side: sibling < own ? 'left' : 'right', position: sibling < counts[level]! ? sibling : null };
}

// The proof a user fetches (POST /api/fair/liability_proof) and the published days.

const hashHexSchema = z.string().regex(/^[0-9a-f]{64}$/);
/** A non-negative integer of minor units in decimal, as a string: JSON numbers lose digits past 2^53. */
const minorSchema = z.string().regex(/^(0|[1-9][0-9]{0,30})$/);

/** A platform day `YYYY-MM-DD`, or with a shorter interval (FAIR_LIABILITIES_EVERY_SECONDS) its start `YYYY-MM-DDTHH:MM:SSZ`. */
export const LIABILITY_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/;

export const liabilityProofRequestSchema = z.strictObject({
  day: z.string({ error: 'liability_day_invalid' }).regex(LIABILITY_DAY_PATTERN, 'liability_day_invalid').optional(),
});
export type LiabilityProofRequest = z.infer<typeof liabilityProofRequestSchema>;

export const liabilityProofSchema = z.object({
  day: z.string().regex(LIABILITY_DAY_PATTERN),
  leaf: z.object({ leafId: hashHexSchema, balanceMinor: minorSchema, hash: hashHexSchema }),
  /** From the leaf up; `side` is where the sibling stands. */
  path: z.array(z.object({ side: z.enum(LIABILITY_SIDES), hash: hashHexSchema, sum: minorSchema })).max(64),
  root: z.object({ hash: hashHexSchema, sum: minorSchema, leaves: z.number().int().min(1) }),
});
export type LiabilityProof = z.infer<typeof liabilityProofSchema>;

export const liabilityListRequestSchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'liability_limit_invalid' })
    .int('liability_limit_invalid')
    .min(1, 'liability_limit_invalid')
    .max(100, 'liability_limit_invalid')
    .default(30),
});
export type LiabilityListRequest = z.infer<typeof liabilityListRequestSchema>;

/** One published day: what anyone can hold a proof against. */
export const liabilitySummarySchema = z.object({
  day: z.string(),
  /** The root hash, hex. */
  root: z.string(),
  /** The root's sum: every user's total, minor units in decimal. */
  total: z.string(),
  /** How many users (leaves) the tree has. */
  leaves: z.number().int(),
  /** The books' total of every user account at the same moment (the sum of their postings), minor units. */
  ledgerTotal: z.string(),
  currency: z.string(),
  /** When the snapshot was read, ISO 8601 UTC. */
  snapshotAt: z.string(),
});
export type LiabilitySummary = z.infer<typeof liabilitySummarySchema>;

export const liabilityListSchema = z.object({ list: z.array(liabilitySummarySchema) });
export type LiabilityList = z.infer<typeof liabilityListSchema>;

// Checking a proof: the same steps in the server's tests, the app and (independently) verify.mjs.

export const LIABILITY_CHECK_NAMES = ['shape', 'leaf_hash', 'path_fits_tree', 'root_hash', 'root_sum'] as const;
export type LiabilityCheckName = (typeof LIABILITY_CHECK_NAMES)[number];

export interface LiabilityCheck {
  name: LiabilityCheckName;
  isOk: boolean;
  /** What was found when it failed (for the curious; the app shows its own words). */
  detail: string | null;
}

/**
 * Checks a proof: it is well formed; the leaf hash is that of its id and balance; the path has the
 * length and the zero-leaf padding of a tree of `root.leaves` leaves, and the position it spells is
 * one of them; hashing up the path reaches the root hash; adding up the sums reaches the root sum.
 * Every check is reported, passed or not.
 */
export async function verifyLiabilityProof(input: unknown, sha256: Sha256Hex): Promise<LiabilityCheck[]> {
  const parsed = liabilityProofSchema.safeParse(input);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    return LIABILITY_CHECK_NAMES.map((name) => ({
      name,
      isOk: false,
      detail: name === 'shape' ? `malformed: ${where}` : 'not checked: the proof is malformed',
    }));
  }
  const proof = parsed.data;
  const check = (name: LiabilityCheckName, isOk: boolean, detail: string): LiabilityCheck => ({
    name,
    isOk,
    detail: isOk ? null : detail,
  });
  const leafHash = await sha256(liabilityLeafText(proof.leaf.leafId, BigInt(proof.leaf.balanceMinor)));
  const fits = await pathFitsTree(proof, sha256);
  let node: LiabilityNode = { hash: proof.leaf.hash, sum: BigInt(proof.leaf.balanceMinor) };
  for (const step of proof.path) {
    const sibling = { hash: step.hash, sum: BigInt(step.sum) };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256(liabilityNodeText(left, right)), sum: left.sum + right.sum };
  }
  return [
    check('shape', true, ''),
    check('leaf_hash', leafHash === proof.leaf.hash, `SHA-256 of the leaf text is ${leafHash}`),
    check('path_fits_tree', fits === null, fits ?? ''),
    check('root_hash', node.hash === proof.root.hash, `the path reaches ${node.hash}`),
    check('root_sum', node.sum === BigInt(proof.root.sum), `the sums add up to ${node.sum}`),
  ];
}

/** Null when the path is one of a tree of `root.leaves` leaves; else what is wrong. */
async function pathFitsTree(proof: LiabilityProof, sha256: Sha256Hex): Promise<string | null> {
  const counts = liabilityLevelCounts(proof.root.leaves);
  if (proof.path.length !== counts.length - 1) {
    return `a tree of ${proof.root.leaves} leaves has paths of ${counts.length - 1} steps, not ${proof.path.length}`;
  }
  // The sides spell the leaf's position: a sibling on the left makes this node a right child (bit 1).
  const position = proof.path.reduce((at, step, level) => at + (step.side === 'left' ? 2 ** level : 0), 0);
  if (position >= proof.root.leaves) return `the path leads to leaf ${position}, past the last`;
  const zeroHash = await sha256(LIABILITY_ZERO_LEAF_TEXT);
  for (let level = 0; level < proof.path.length; level++) {
    const isPadding = liabilitySiblingAt(position, level, counts).position === null;
    const step = proof.path[level]!;
    const isZeroLeaf = step.hash === zeroHash && step.sum === '0';
    if (isPadding !== isZeroLeaf) {
      return isPadding
        ? `step ${level + 1} must be the zero leaf (an odd node)`
        : `step ${level + 1} is the zero leaf where a real node stands`;
    }
  }
  return null;
}
