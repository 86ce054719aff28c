import { createHash } from 'node:crypto';
import { verifyLiabilityProof } from '@app/contract/fair-liabilities';
import { describe, expect, test } from 'vitest';
import { liabilityPeriodAt } from './liability-period.js';
import { liabilityLeafId, userLiabilitySecret } from './liability-secret.js';
import {
  BLOCK_LEAVES,
  buildLiabilityTree,
  type LeafEntry,
  pathOf,
  STORED_LEVEL_MIN,
  sha256Hex,
} from './liability-tree.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function entries(count: number): LeafEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    userId: i + 1,
    leafId: sha256(`leaf id ${i}`),
    balanceMinor: BigInt((i * 7919) % 1000) * 1_000_000n,
  }));
}

describe('leaf ids', () => {
  // Independently computed with Python's hmac (see packages/contract/src/fair-liabilities.test.ts).
  test('HMAC-SHA256(HMAC-SHA256(master, "vela/liabilities/user/{id}"), day), hex', () => {
    const master = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
    expect(liabilityLeafId(userLiabilitySecret(master, 3), '2030-01-15')).toBe(
      '00860e70e5bc557ccc4a7b975be186b9c66e486378fdc6ad582a772ca79d9165',
    );
    expect(liabilityLeafId(userLiabilitySecret(master, 4), '2030-01-15')).toBe(
      'e736ee311742cf5db441f53659a76ee42e145cf555248cb4961263c2e01b69b2',
    );
  });

  test('a user has another leaf id every day, and another user another one', () => {
    const master = Buffer.alloc(32, 7);
    const a = userLiabilitySecret(master, 1);
    expect(liabilityLeafId(a, '2030-01-15')).not.toBe(liabilityLeafId(a, '2030-01-16'));
    expect(liabilityLeafId(a, '2030-01-15')).not.toBe(liabilityLeafId(userLiabilitySecret(master, 2), '2030-01-15'));
  });
});

describe('the tree as stored, and paths read back from it', () => {
  test.each([1, 2, 3, 15, 16, 17, 33, 100, 257])('%i leaves: every path verifies', async (count) => {
    const tree = await buildLiabilityTree(entries(count));
    expect(tree.leaves.map((l) => l.leafId)).toEqual([...tree.leaves.map((l) => l.leafId)].sort());
    expect(tree.root.sum).toBe(entries(count).reduce((s, e) => s + e.balanceMinor, 0n));
    // What the database keeps: the levels from STORED_LEVEL_MIN up.
    const stored = (level: number, position: number) => {
      expect(level).toBeGreaterThanOrEqual(STORED_LEVEL_MIN);
      return tree.levels[level]![position]!;
    };
    for (let position = 0; position < count; position++) {
      const start = position - (position % BLOCK_LEAVES);
      const block = { start, leaves: tree.leaves.slice(start, start + BLOCK_LEAVES) };
      const leaf = tree.leaves[position]!;
      const proof = {
        day: '2030-01-15',
        leaf: {
          leafId: leaf.leafId,
          balanceMinor: String(leaf.balanceMinor),
          hash: sha256Hex(`leaf|${leaf.leafId}|${leaf.balanceMinor}`),
        },
        path: pathOf(position, count, block, stored),
        root: { hash: tree.root.hash, sum: String(tree.root.sum), leaves: count },
      };
      const checks = await verifyLiabilityProof(proof, sha256);
      expect(checks.filter((c) => !c.isOk)).toEqual([]);
    }
  });

  test('no leaves: the root is the zero leaf', async () => {
    const tree = await buildLiabilityTree([]);
    expect(tree.root).toEqual({ hash: sha256('leaf|0|0'), sum: 0n });
  });
});

describe('periods', () => {
  test('platform days, in the platform time zone', () => {
    const p = liabilityPeriodAt(new Date('2030-01-15T20:00:00Z'), { everySeconds: null, timeZone: 'Asia/Ho_Chi_Minh' });
    expect(p).toEqual({
      day: '2030-01-16',
      startMs: Date.parse('2030-01-15T17:00:00Z'),
      endMs: Date.parse('2030-01-16T17:00:00Z'),
    });
  });

  test('FAIR_LIABILITIES_EVERY_SECONDS: intervals from the epoch, named by their start', () => {
    const p = liabilityPeriodAt(new Date('2030-01-15T10:31:59.999Z'), { everySeconds: 60, timeZone: 'UTC' });
    expect(p).toEqual({
      day: '2030-01-15T10:31:00Z',
      startMs: Date.parse('2030-01-15T10:31:00Z'),
      endMs: Date.parse('2030-01-15T10:32:00Z'),
    });
  });
});
