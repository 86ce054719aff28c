#!/usr/bin/env node
// Vela's verifier: checks a document from the platform with nothing but Node's built-ins, trusting
// nothing of ours (it imports no project code; read it, it is short). The protocol it checks is in
// docs/provably-fair.md.
//
//   node tools/verify/verify.mjs proof.json
//
// Prints each check with ✓ or ✗ and exits 0 when every check passes, 1 when any fails, 2 when the
// file cannot be read or is of no kind it knows. A saved API answer ({ code, msg, data }) is read too.
//
// Kinds are told apart by their shape (KINDS below): today a proof of liabilities
// (POST /api/fair/liability_proof); another kind is one more entry with its own `matches` and `checks`.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const HASH = /^[0-9a-f]{64}$/;

/** A non-negative integer written in decimal (a string, or a JSON number that is exact), or null. */
function integer(value) {
  if (typeof value === 'string' && /^(0|[1-9][0-9]*)$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

// --- Proof of liabilities -------------------------------------------------------------------------
//
// leaf = SHA-256("leaf|{leafId}|{balanceMinor}"); node = SHA-256("node|{leftHash}|{leftSum}|{rightHash}|{rightSum}")
// with sum = leftSum + rightSum; a level of odd count pairs its last node with the zero leaf
// SHA-256("leaf|0|0") of sum 0. `path` goes from the leaf up; `side` is where the sibling stands.

function liabilityShapeProblem(doc) {
  if (typeof doc.day !== 'string' || doc.day.length === 0) return 'day is missing';
  const { leaf, path, root } = doc;
  if (!isObject(leaf)) return 'leaf is missing';
  if (typeof leaf.leafId !== 'string' || !HASH.test(leaf.leafId)) return 'leaf.leafId is not 64 lowercase hex digits';
  if (integer(leaf.balanceMinor) === null) return 'leaf.balanceMinor is not a non-negative integer';
  if (typeof leaf.hash !== 'string' || !HASH.test(leaf.hash)) return 'leaf.hash is not 64 lowercase hex digits';
  if (!Array.isArray(path)) return 'path is not a list';
  for (const [i, step] of path.entries()) {
    if (!isObject(step)) return `path[${i}] is not an object`;
    if (step.side !== 'left' && step.side !== 'right') return `path[${i}].side is neither left nor right`;
    if (typeof step.hash !== 'string' || !HASH.test(step.hash)) return `path[${i}].hash is not 64 lowercase hex digits`;
    if (integer(step.sum) === null) return `path[${i}].sum is not a non-negative integer`;
  }
  if (!isObject(root)) return 'root is missing';
  if (typeof root.hash !== 'string' || !HASH.test(root.hash)) return 'root.hash is not 64 lowercase hex digits';
  if (integer(root.sum) === null) return 'root.sum is not a non-negative integer';
  if (!Number.isSafeInteger(root.leaves) || root.leaves < 1) return 'root.leaves is not a positive integer';
  return null;
}

/** Null when the path is one of a tree of `leaves` leaves (its length, its zero-leaf padding); else why not. */
function liabilityPathProblem(path, leaves) {
  const counts = [leaves];
  while (counts.at(-1) > 1) counts.push(Math.ceil(counts.at(-1) / 2));
  if (path.length !== counts.length - 1) {
    return `a tree of ${leaves} leaves has paths of ${counts.length - 1} steps; this one has ${path.length}`;
  }
  // The sides spell the leaf's position: a sibling on the left means this node is a right child.
  let position = 0;
  path.forEach((step, level) => {
    if (step.side === 'left') position += 2 ** level;
  });
  if (position >= leaves) return `the path leads to leaf ${position}, and the tree has ${leaves}`;
  const zeroHash = sha256('leaf|0|0');
  for (let level = 0; level < path.length; level++) {
    const own = Math.floor(position / 2 ** level);
    const sibling = own % 2 === 0 ? own + 1 : own - 1;
    const mustBeZeroLeaf = sibling >= counts[level];
    const isZeroLeaf = path[level].hash === zeroHash && integer(path[level].sum) === 0n;
    if (mustBeZeroLeaf !== isZeroLeaf) {
      return mustBeZeroLeaf
        ? `step ${level + 1} must be the zero leaf (the last node of an odd level)`
        : `step ${level + 1} is the zero leaf where a real node stands`;
    }
  }
  return null;
}

function liabilityChecks(doc) {
  const shape = liabilityShapeProblem(doc);
  const names = [
    'The proof is well formed',
    'The leaf hash is SHA-256 of its id and balance',
    'The path fits a tree of that many leaves',
    'Hashing up the path reaches the root hash',
    'Adding up the path reaches the root sum',
  ];
  if (shape) {
    return names.map((name, i) => ({
      name,
      ok: false,
      detail: i === 0 ? shape : 'not checked: the proof is malformed',
    }));
  }
  const balance = integer(doc.leaf.balanceMinor);
  const leafHash = sha256(`leaf|${doc.leaf.leafId}|${balance}`);
  const pathProblem = liabilityPathProblem(doc.path, doc.root.leaves);
  let node = { hash: doc.leaf.hash, sum: balance };
  for (const step of doc.path) {
    const sibling = { hash: step.hash, sum: integer(step.sum) };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: sha256(`node|${left.hash}|${left.sum}|${right.hash}|${right.sum}`), sum: left.sum + right.sum };
  }
  const rootSum = integer(doc.root.sum);
  return [
    { name: names[0], ok: true },
    { name: names[1], ok: leafHash === doc.leaf.hash, detail: `SHA-256 of the leaf text is ${leafHash}` },
    { name: names[2], ok: pathProblem === null, detail: pathProblem },
    { name: names[3], ok: node.hash === doc.root.hash, detail: `the path reaches ${node.hash}` },
    { name: names[4], ok: node.sum === rootSum, detail: `the sums add up to ${node.sum}` },
  ];
}

function liabilitySummary(doc) {
  return [
    `Day ${doc.day}: your balance ${doc.leaf?.balanceMinor} (minor units; USDT has 6 decimals), leaf ${doc.leaf?.leafId}`,
    `Root ${doc.root?.hash}, total ${doc.root?.sum} over ${doc.root?.leaves} users.`,
    `Compare the root and total with the ones published for ${doc.day} (GET /api/fair/liabilities): they must be the same.`,
  ];
}

// --- The kinds this script knows, by shape ---------------------------------------------------------

const KINDS = [
  {
    name: 'proof of liabilities',
    matches: (doc) => 'leaf' in doc && 'path' in doc && 'root' in doc,
    checks: liabilityChecks,
    summary: liabilitySummary,
  },
];

function main(args) {
  if (args.length !== 1 || args[0] === '-h' || args[0] === '--help') {
    process.stderr.write('usage: node tools/verify/verify.mjs <file.json>\n');
    return 2;
  }
  let doc;
  try {
    doc = JSON.parse(readFileSync(args[0], 'utf8'));
  } catch (error) {
    process.stderr.write(`cannot read ${args[0]}: ${error.message}\n`);
    return 2;
  }
  // A saved API answer: the document is its data.
  if (isObject(doc) && 'code' in doc && 'data' in doc && isObject(doc.data)) doc = doc.data;
  const kind = isObject(doc) ? KINDS.find((k) => k.matches(doc)) : undefined;
  if (!kind) {
    process.stderr.write(`${args[0]} is none of: ${KINDS.map((k) => k.name).join(', ')}\n`);
    return 2;
  }
  process.stdout.write(`Checking a ${kind.name}\n`);
  const results = kind.checks(doc);
  for (const result of results) {
    process.stdout.write(result.ok ? `  ✓ ${result.name}\n` : `  ✗ ${result.name}: ${result.detail}\n`);
  }
  const failed = results.filter((r) => !r.ok).length;
  if (failed === 0) {
    for (const line of kind.summary(doc)) process.stdout.write(`${line}\n`);
    process.stdout.write(`All ${results.length} checks passed.\n`);
    return 0;
  }
  process.stdout.write(`${failed} of ${results.length} checks FAILED.\n`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
