import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiabilityProof } from '@app/contract/fair-liabilities';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { publishTree } from './fair-liabilities.service.js';
import { fixedClock, MASTER, sha256, userWithMoney } from './fair-liabilities.test-support.js';

/**
 * tools/verify/verify.mjs, the verifier that shares no code with the platform, run as a user runs it
 * on proofs this server hands out: genuine ones pass, changed ones fail (exit 1), anything else is
 * refused (exit 2).
 */
const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../tools/verify/verify.mjs');
let t: TestApp;
let dir: string;
const proofs: LiabilityProof[] = [];

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'vela-verify-'));
  const users = [];
  // 18 users: 5 levels above the leaves, the upper ones read from stored nodes, odd counts on the way.
  for (let i = 0; i < 18; i++) users.push(await userWithMoney(t, BigInt(i) * 1_000_001n, i % 2 ? { trading: 5n } : {}));
  const published = await publishTree(t.database.db, '2030-02-01', {
    clock: fixedClock('2030-02-01T00:00:01Z'),
    master: () => MASTER,
  });
  expect(published.outcome).toBe('published');
  for (const u of users) {
    proofs.push((await call(t.app, 'POST', '/api/fair/liability_proof', {}, { token: u.token })).data);
  }
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

let fileNumber = 0;
function verify(document: unknown) {
  const file = path.join(dir, `proof-${++fileNumber}.json`);
  writeFileSync(file, typeof document === 'string' ? document : JSON.stringify(document, null, 2));
  const run = spawnSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

test('genuine proofs pass, each check printed', () => {
  // A sample (a run of Node each; fair-liabilities.test.ts checks every user's by the same rules): three,
  // and the tree's last leaf, which pairs with the zero leaf on the odd levels.
  const positionOf = (p: LiabilityProof) => p.path.reduce((at, step, i) => at + (step.side === 'left' ? 2 ** i : 0), 0);
  const last = proofs.reduce((a, b) => (positionOf(b) > positionOf(a) ? b : a));
  expect(last.path.some((step) => step.hash === sha256('leaf|0|0'))).toBe(true);
  for (const proof of [proofs[0]!, proofs[7]!, proofs[16]!, last]) {
    const run = verify(proof);
    expect(run.status, run.out).toBe(0);
    expect(run.out.match(/✓/g)).toHaveLength(5);
    expect(run.out).toContain('All 5 checks passed.');
    expect(run.out).toContain(proof.root.hash);
  }
  // The API's answer saved as it came, envelope and all.
  expect(verify({ code: 0, msg: 'Success', data: proofs[3] }).status).toBe(0);
});

test('a changed balance fails', () => {
  const proof = structuredClone(proofs[5]!);
  proof.leaf.balanceMinor = String(BigInt(proof.leaf.balanceMinor) + 1_000_000n);
  const run = verify(proof);
  expect(run.status).toBe(1);
  expect(run.out).toContain('✗ The leaf hash is SHA-256 of its id and balance');
  expect(run.out).toContain('checks FAILED');
});

test('a changed balance whose leaf hash was recomputed still fails at the root', () => {
  const proof = structuredClone(proofs[5]!);
  proof.leaf.balanceMinor = '0';
  proof.leaf.hash = sha256(`leaf|${proof.leaf.leafId}|0`);
  const run = verify(proof);
  expect(run.status).toBe(1);
  expect(run.out).toContain('✗ Hashing up the path reaches the root hash');
  expect(run.out).toContain('✗ Adding up the path reaches the root sum');
});

test('a changed sibling fails', () => {
  const proof = structuredClone(proofs[9]!);
  proof.path[3]!.hash = sha256('not the sibling');
  const run = verify(proof);
  expect(run.status).toBe(1);
  expect(run.out).toContain('✗ Hashing up the path reaches the root hash');
});

test('a changed sum fails', () => {
  for (const change of [
    (p: LiabilityProof) => {
      p.path[0]!.sum = String(BigInt(p.path[0]!.sum) + 1n);
    },
    (p: LiabilityProof) => {
      p.root.sum = String(BigInt(p.root.sum) - 1n);
    },
  ]) {
    const proof = structuredClone(proofs[12]!);
    change(proof);
    const run = verify(proof);
    expect(run.status).toBe(1);
    expect(run.out).toContain('✗ Adding up the path reaches the root sum');
  }
});

test('a negative sum, a dropped step or a wrong leaf count fails', () => {
  const negative = structuredClone(proofs[2]!);
  negative.path[1]!.sum = '-5';
  expect(verify(negative).out).toContain('✗ The proof is well formed: path[1].sum is not a non-negative integer');
  const short = structuredClone(proofs[2]!);
  short.path.pop();
  expect(verify(short).out).toContain('✗ The path fits a tree of that many leaves');
  const count = structuredClone(proofs[2]!);
  count.root.leaves = 40;
  expect(verify(count).status).toBe(1);
});

test('a file it cannot read, or of no kind it knows, exits 2', () => {
  expect(verify('{ not json').status).toBe(2);
  const unknown = verify({ hello: 'world' });
  expect(unknown.status).toBe(2);
  expect(unknown.err).toContain('none of: proof of liabilities');
});
