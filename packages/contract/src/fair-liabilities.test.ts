import { describe, expect, test } from 'vitest';
import {
  LIABILITY_ZERO_LEAF_TEXT,
  type LiabilityNode,
  type LiabilityProof,
  liabilityLeafText,
  liabilityLevelCounts,
  liabilityNodeText,
  liabilityParentLevel,
  liabilitySiblingAt,
  verifyLiabilityProof,
} from './fair-liabilities.js';

/**
 * Vectors computed independently of this code, with Python's hashlib/hmac:
 *
 *   H = lambda s: hashlib.sha256(s.encode()).hexdigest()
 *   master = bytes(range(32)); day = "2030-01-15"
 *   secret(u) = hmac(master, f"vela/liabilities/user/{u}", sha256); leafId = hmac(secret, day).hexdigest()
 *   balances {1: 0, 2: 1500000, 3: 250, 4: 1000000000000, 5: 7}; leaves sorted by leafId
 *   levels paired left to right, an odd last node with (H("leaf|0|0"), 0); paths read sibling pos ^ 1.
 */
const V = {
  zero: 'd5fbdb78e2f13cc8026c570e89179107db5ccc503e43c02de22f1f7aeb78ee87',
  leaves: [
    {
      leafId: '00860e70e5bc557ccc4a7b975be186b9c66e486378fdc6ad582a772ca79d9165',
      balance: 250n,
      hash: '802c7de4b22250b160edec8103f56bf5491970f4335a379aaf0004912950ee03',
    },
    {
      leafId: '3ddf64eb4ecc8113b145cd2c8f002214a2d54c600dcd07dae5d95d0d23fbb98a',
      balance: 0n,
      hash: '5c9f1ab0c07b74ee8b7b5732ebedc42400e938a92163a8fef6e4de3d102294ba',
    },
    {
      leafId: 'c7808bcd2dac9bac437fb011a9ace031f128f83e0a38c0a856e46199fbc5e072',
      balance: 7n,
      hash: 'e6487f2eb7570079e1ef845dbf3538e6364cb97bd383299edb085d88a57a116a',
    },
    {
      leafId: 'e736ee311742cf5db441f53659a76ee42e145cf555248cb4961263c2e01b69b2',
      balance: 1000000000000n,
      hash: '61e19c614bea972ea4f9b05793759a0871662759a4d22a2b2242cb0bc2e8724d',
    },
    {
      leafId: 'fe25b2960eb8a99e3fec390fad7aabf142275829a387319c9adb0cd4e784bbac',
      balance: 1500000n,
      hash: 'ac16cb8ad49c5175c54a34fb632c4292441130f82587be8d45d2aeaac9fec7f4',
    },
  ],
  firstPair: 'b2a9e1454f15ae7b4d3ed7a9cfe344014eb4dd96eeacc137cde091eca6772a4a',
  root: { hash: 'df696dbe51256eaa0c5f81cab9589daf1098e54d2246302a35208e98681fe05b', sum: '1000001500257' },
  /** The path of the last leaf (position 4): two zero-leaf paddings, then the left half. */
  lastPath: [
    { side: 'right', hash: 'd5fbdb78e2f13cc8026c570e89179107db5ccc503e43c02de22f1f7aeb78ee87', sum: '0' },
    { side: 'right', hash: 'd5fbdb78e2f13cc8026c570e89179107db5ccc503e43c02de22f1f7aeb78ee87', sum: '0' },
    { side: 'left', hash: '46e4502dc17dfad9353e3bb09398af0fc290063f01b7506de049b516eeec96a0', sum: '1000000000257' },
  ],
  /** The path of position 1. */
  secondPath: [
    { side: 'left', hash: '802c7de4b22250b160edec8103f56bf5491970f4335a379aaf0004912950ee03', sum: '250' },
    { side: 'right', hash: '3ab337d5c7d57e251662c086c684b067fb8dbe59d8ec9d1285e831e98c3159d1', sum: '1000000000007' },
    { side: 'right', hash: '99fd9a619cbd6cb4c17343404c55e90b502bb761695da930bf3a8423b600c378', sum: '1500000' },
  ],
} as const;

/** WebCrypto, as the browser checks a proof (Node has it too); typed here, the contract has no DOM types. */
const webCrypto = (
  globalThis as unknown as { crypto: { subtle: { digest(a: string, d: Uint8Array): Promise<ArrayBuffer> } } }
).crypto.subtle;
const encoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
).TextEncoder();
async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await webCrypto.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A synchronous hasher for the tree builder, from precomputed digests of the texts it will meet. */
async function syncHasherFor(texts: string[]): Promise<(text: string) => string> {
  const known = new Map<string, string>();
  for (const text of texts) known.set(text, await sha256(text));
  return (text) => {
    const hash = known.get(text);
    if (!hash) throw new Error(`unexpected text ${text}`);
    return hash;
  };
}

async function buildRoot(leaves: LiabilityNode[]): Promise<LiabilityNode> {
  const zero = { hash: await sha256(LIABILITY_ZERO_LEAF_TEXT), sum: 0n };
  let level = leaves;
  while (level.length > 1) {
    const texts: string[] = [];
    for (let i = 0; i < level.length; i += 2) texts.push(liabilityNodeText(level[i]!, level[i + 1] ?? zero));
    level = liabilityParentLevel(level, zero, await syncHasherFor(texts));
  }
  return level[0]!;
}

function proofOf(position: number, path: LiabilityProof['path']): LiabilityProof {
  const leaf = V.leaves[position]!;
  return {
    day: '2030-01-15',
    leaf: { leafId: leaf.leafId, balanceMinor: String(leaf.balance), hash: leaf.hash },
    path,
    root: { ...V.root, leaves: 5 },
  };
}

const isAllOk = (checks: { isOk: boolean }[]) => checks.every((c) => c.isOk);
const failed = (checks: { name: string; isOk: boolean }[]) => checks.filter((c) => !c.isOk).map((c) => c.name);

describe('the formats, against independently computed vectors', () => {
  test('the zero leaf, a leaf and a node', async () => {
    expect(await sha256(LIABILITY_ZERO_LEAF_TEXT)).toBe(V.zero);
    for (const leaf of V.leaves) expect(await sha256(liabilityLeafText(leaf.leafId, leaf.balance))).toBe(leaf.hash);
    const [a, b] = V.leaves;
    expect(liabilityNodeText({ hash: a.hash, sum: a.balance }, { hash: b.hash, sum: b.balance })).toBe(
      `node|${a.hash}|250|${b.hash}|0`,
    );
    expect(await sha256(liabilityNodeText({ hash: a.hash, sum: a.balance }, { hash: b.hash, sum: b.balance }))).toBe(
      V.firstPair,
    );
  });

  test('a tree of five leaves: the root hash and sum', async () => {
    const root = await buildRoot(V.leaves.map((l) => ({ hash: l.hash, sum: l.balance })));
    expect(root).toEqual({ hash: V.root.hash, sum: BigInt(V.root.sum) });
  });

  test('a tree of one leaf is that leaf', async () => {
    const [leaf] = V.leaves;
    expect(await buildRoot([{ hash: leaf.hash, sum: leaf.balance }])).toEqual({ hash: leaf.hash, sum: 250n });
    expect(liabilityLevelCounts(1)).toEqual([1]);
  });

  test('level counts and siblings', () => {
    expect(liabilityLevelCounts(5)).toEqual([5, 3, 2, 1]);
    expect(liabilityLevelCounts(16)).toEqual([16, 8, 4, 2, 1]);
    expect(() => liabilityLevelCounts(0)).toThrow(RangeError);
    const counts = liabilityLevelCounts(5);
    expect(liabilitySiblingAt(4, 0, counts)).toEqual({ side: 'right', position: null });
    expect(liabilitySiblingAt(4, 1, counts)).toEqual({ side: 'right', position: null });
    expect(liabilitySiblingAt(4, 2, counts)).toEqual({ side: 'left', position: 0 });
    expect(liabilitySiblingAt(1, 0, counts)).toEqual({ side: 'left', position: 0 });
  });
});

describe('verifyLiabilityProof', () => {
  test('genuine proofs pass every check', async () => {
    for (const proof of [proofOf(4, [...V.lastPath]), proofOf(1, [...V.secondPath])]) {
      const checks = await verifyLiabilityProof(proof, sha256);
      expect(checks.map((c) => c.name)).toEqual(['shape', 'leaf_hash', 'path_fits_tree', 'root_hash', 'root_sum']);
      expect(isAllOk(checks)).toBe(true);
    }
  });

  test('a changed balance fails the leaf hash and the root', async () => {
    const proof = proofOf(1, [...V.secondPath]);
    proof.leaf.balanceMinor = '1';
    expect(failed(await verifyLiabilityProof(proof, sha256))).toEqual(['leaf_hash', 'root_hash', 'root_sum']);
  });

  test('a changed balance with its leaf hash recomputed still fails at the root', async () => {
    const proof = proofOf(1, [...V.secondPath]);
    proof.leaf.balanceMinor = '1';
    proof.leaf.hash = await sha256(liabilityLeafText(proof.leaf.leafId, 1n));
    expect(failed(await verifyLiabilityProof(proof, sha256))).toEqual(['root_hash', 'root_sum']);
  });

  test('a changed sibling hash fails the root hash', async () => {
    const path: LiabilityProof['path'] = V.secondPath.map((s) => ({ ...s }));
    path[1]!.hash = `${path[1]!.hash.slice(0, 63)}0`;
    expect(failed(await verifyLiabilityProof(proofOf(1, path), sha256))).toEqual(['root_hash']);
  });

  test('a changed sibling sum fails the root hash and the root sum', async () => {
    const path: LiabilityProof['path'] = V.secondPath.map((s) => ({ ...s }));
    path[2]!.sum = '1499999';
    expect(failed(await verifyLiabilityProof(proofOf(1, path), sha256))).toEqual(['root_hash', 'root_sum']);
  });

  test('a changed root sum fails', async () => {
    const proof = proofOf(4, [...V.lastPath]);
    proof.root.sum = '1000001500256';
    expect(failed(await verifyLiabilityProof(proof, sha256))).toEqual(['root_sum']);
  });

  test('a swapped side fails (the position and the hash)', async () => {
    const path: LiabilityProof['path'] = V.secondPath.map((s) => ({ ...s }));
    path[0]!.side = 'right';
    expect(failed(await verifyLiabilityProof(proofOf(1, path), sha256))).toEqual(['root_hash']);
    const last: LiabilityProof['path'] = V.lastPath.map((s) => ({ ...s }));
    last[2]!.side = 'right'; // would spell position 0, whose siblings are real nodes, not zero leaves
    expect(failed(await verifyLiabilityProof(proofOf(4, last), sha256))).toContain('path_fits_tree');
  });

  test('a path too short or too long for the number of leaves fails', async () => {
    const proof = proofOf(1, [...V.secondPath]);
    // The root hash does not commit to the count: a count the path fits passes here, which is why the
    // app also holds the proof against the published day (root and count).
    proof.root.leaves = 6;
    expect(failed(await verifyLiabilityProof(proof, sha256))).toEqual([]);
    proof.root.leaves = 4;
    expect(failed(await verifyLiabilityProof(proof, sha256))).toEqual(['path_fits_tree']);
    proof.root.leaves = 9;
    expect(failed(await verifyLiabilityProof(proof, sha256))).toEqual(['path_fits_tree']);
    proof.root.leaves = 2;
    expect(failed(await verifyLiabilityProof(proof, sha256))).toEqual(['path_fits_tree']);
  });

  test('a malformed proof fails every check, saying where', async () => {
    const proof = proofOf(1, [...V.secondPath]) as unknown as { leaf: { balanceMinor: string } };
    proof.leaf.balanceMinor = '-5';
    const checks = await verifyLiabilityProof(proof, sha256);
    expect(failed(checks)).toEqual(['shape', 'leaf_hash', 'path_fits_tree', 'root_hash', 'root_sum']);
    expect(checks[0]!.detail).toContain('leaf.balanceMinor');
    expect(failed(await verifyLiabilityProof(null, sha256))).toHaveLength(5);
  });
});
