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
// Kinds are told apart by their shape (KINDS below): a proof of liabilities
// (POST /api/fair/liability_proof) and an order's receipt (GET /api/fair/receipt); another kind is one
// more entry with its own `matches` and `checks`.

import { createHash, createHmac, createPublicKey, verify as verifySignature } from 'node:crypto';
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

// --- Order receipt ---------------------------------------------------------------------------------
//
// docs/provably-fair.md section 3. The ticks of the order's symbol, from the last one at or before
// acceptance through the head a signed checkpoint names for the symbol; the path they must follow
// (simulated products); the order's terms; and the rule of DESIGN.md 6.4 that decides it.

const ZERO_HASH = '0'.repeat(64);
/** The entry must come within 5 s after acceptance; the exit within the 5 s before the end. */
const ENTRY_WAIT_MS = 5000;
const EXIT_STALENESS_MS = 5000;
const USDT_DECIMALS = 6;
const RATE_DECIMALS = 4;

const hashBytes = (prevHex, text) =>
  createHash('sha256').update(Buffer.from(prevHex, 'hex')).update(text, 'utf8').digest('hex');

/** A plain non-negative decimal with at most `places` places ("12.5") as an integer of 10^-places, or null. */
function decimal(value, places) {
  if (typeof value !== 'string') return null;
  const match = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(value);
  if (!match || (match[2] ?? '').length > places) return null;
  return BigInt(match[1]) * 10n ** BigInt(places) + BigInt((match[2] ?? '').padEnd(places, '0'));
}

const isInt = (v) => Number.isSafeInteger(v);
const isHex = (v, bytes) => typeof v === 'string' && v.length === bytes * 2 && /^[0-9a-f]*$/.test(v);
const iso = (ms) => new Date(ms).toISOString();

function receiptShapeProblem(doc) {
  const o = doc.order;
  if (!isObject(o)) return 'order is missing';
  if (typeof o.id !== 'string' || typeof o.symbol !== 'string' || o.symbol.length === 0)
    return 'order.id or order.symbol is missing';
  if (o.direction !== 'up' && o.direction !== 'down') return 'order.direction is neither up nor down';
  if (decimal(o.amount, USDT_DECIMALS) === null || decimal(o.fee, USDT_DECIMALS) === null)
    return 'order.amount or order.fee is not a decimal';
  if (decimal(o.payoutRate, RATE_DECIMALS) === null) return 'order.payoutRate is not a decimal of at most 4 places';
  if (!isInt(o.acceptedAtMs) || !isInt(o.endTimeMs) || o.endTimeMs < o.acceptedAtMs)
    return 'order.acceptedAtMs / endTimeMs are not times in order';
  if (!['open', 'won', 'lost', 'tie', 'void'].includes(o.status)) return 'order.status is unknown';
  if (o.payout !== null && decimal(o.payout, USDT_DECIMALS) === null) return 'order.payout is not a decimal';
  for (const name of ['entry', 'exit']) {
    const spot = o[name];
    if (spot === undefined || spot === null) continue;
    if (!isObject(spot) || !isInt(spot.timeMs) || integer(spot.priceE8) === null)
      return `order.${name} is not { timeMs, priceE8 }`;
  }
  if (!Array.isArray(doc.ticks)) return 'ticks is not a list';
  for (const [i, t] of doc.ticks.entries()) {
    if (!isObject(t) || !isInt(t.timeMs) || t.timeMs < 0) return `ticks[${i}].timeMs is not a time`;
    const e8 = typeof t.priceE8 === 'string' && /^[1-9][0-9]*$/.test(t.priceE8) ? t.priceE8 : null;
    if (e8 === null) return `ticks[${i}].priceE8 is not a positive integer without leading zeros`;
    if (decimal(t.price, 8) !== BigInt(e8)) return `ticks[${i}].price ${t.price} is not priceE8 ${e8} / 10^8`;
    if (!isHex(t.prevHash, 32) || !isHex(t.hash, 32)) return `ticks[${i}] hashes are not 64 lowercase hex digits`;
  }
  const c = doc.checkpoint;
  if (c !== null) {
    if (!isObject(c) || !isInt(c.seq) || c.seq < 1 || !isInt(c.timeMs) || typeof c.heads !== 'string')
      return 'checkpoint is not { seq, timeMs, heads, ... }';
    if (!isHex(c.prevHash, 32) || !isHex(c.hash, 32) || !isHex(c.signature, 64))
      return 'checkpoint hashes or signature are not lowercase hex of 32 / 64 bytes';
  }
  if (typeof doc.publicKeyPem !== 'string') return 'publicKeyPem is missing';
  if (!Array.isArray(doc.epochs)) return 'epochs is not a list';
  for (const [i, e] of doc.epochs.entries()) {
    if (!isObject(e) || !isInt(e.startMs) || !isHex(e.commitment, 32) || (e.seed !== null && !isHex(e.seed, 32))) {
      return `epochs[${i}] is not { startMs, commitment, seed }`;
    }
  }
  if (!isObject(doc.model) || typeof doc.model.source !== 'string' || !Array.isArray(doc.model.paths))
    return 'model is not { source, paths }';
  for (const [i, p] of doc.model.paths.entries()) {
    if (!isObject(p) || !isInt(p.startMs) || integer(p.startPriceE8) === null || integer(p.sigmaE12) === null)
      return `model.paths[${i}] is malformed`;
    if (!isInt(p.volatilityPpm) || !isInt(p.pricePrecision) || p.pricePrecision < 0 || p.pricePrecision > 8)
      return `model.paths[${i}] parameters are malformed`;
  }
  return null;
}

/** The head a checkpoint names for `symbol` ({symbol}|{timeMs}|{hash}), or null. */
function headOf(heads, symbol) {
  for (const entry of heads.split(';')) {
    const [name, timeMs, hash] = entry.split('|');
    if (name === symbol && timeMs !== undefined && hash !== undefined) return { timeMs: Number(timeMs), hash };
  }
  return null;
}

/** floor(√n), exactly. */
function isqrt(n) {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** One step of the committed path (docs §2.3): the path's next price and the tick it records. */
function pathStep(seed, symbol, second, p, sigmaE12, unit) {
  const u = createHmac('sha256', seed).update(`${symbol}|${second}`, 'utf8').digest();
  let sum = 0;
  for (let i = 0; i < 32; i += 2) sum += u.readUInt16BE(i);
  const delta = (p * sigmaE12 * BigInt(sum - 524280)) / 75674000000000000n; // BigInt division: toward zero
  const next = p + delta < unit ? unit : p + delta;
  const r = next % unit;
  return { p: next, tick: 2n * r >= unit ? next - r + unit : next - r };
}

/** Where the rule of DESIGN.md 6.4 puts the order, from the ticks alone. */
function decide(order, ticks) {
  const amount = decimal(order.amount, USDT_DECIMALS);
  const fee = decimal(order.fee, USDT_DECIMALS);
  const rateBp = decimal(order.payoutRate, RATE_DECIMALS);
  const entry = ticks.find((t) => t.timeMs > order.acceptedAtMs);
  const entryInTime = entry && entry.timeMs <= order.acceptedAtMs + ENTRY_WAIT_MS && entry.timeMs <= order.endTimeMs;
  const voided = (why, withEntry) => ({
    status: 'void',
    why,
    entry: withEntry ?? null,
    exit: null,
    payout: amount + fee,
  });
  if (!entryInTime)
    return voided(
      entry
        ? `the first tick after acceptance came at ${iso(entry.timeMs)}, over 5 s later or after the end`
        : 'no tick after acceptance',
    );
  let exit;
  for (const t of ticks) if (t.timeMs <= order.endTimeMs) exit = t;
  if (!exit || exit.timeMs < order.endTimeMs - EXIT_STALENESS_MS || exit.timeMs < entry.timeMs) {
    return voided('no tick in the 5 s before the end', entry);
  }
  const entryPrice = BigInt(entry.priceE8);
  const exitPrice = BigInt(exit.priceE8);
  const rose = exitPrice > entryPrice;
  const fell = exitPrice < entryPrice;
  const status = !rose && !fell ? 'tie' : (order.direction === 'up') === rose ? 'won' : 'lost';
  // A win returns stake × (1 + rate), the winnings rounded down to the minor unit; a tie the stake.
  const payout = status === 'won' ? amount + (amount * rateBp) / 10000n : status === 'tie' ? amount : 0n;
  return {
    status,
    why: `entry ${entry.price} at ${iso(entry.timeMs)}, exit ${exit.price} at ${iso(exit.timeMs)}`,
    entry,
    exit,
    payout,
  };
}

const formatMinor = (minor) => {
  const scale = 10n ** BigInt(USDT_DECIMALS);
  const fraction = (minor % scale).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${minor / scale}${fraction ? `.${fraction}` : ''}`;
};

const RECEIPT_CHECKS = [
  'The receipt is well formed',
  'The order is settled and the receipt complete',
  'Every tick links to the one before (SHA-256 chain)',
  "The last tick is the checkpoint's head for the symbol",
  "The checkpoint's hash is SHA-256(prevHash ‖ seq|timeMs|heads)",
  "The checkpoint's Ed25519 signature verifies with the public key",
  'The ticks cover the order: from before acceptance past its end',
  'Every revealed seed hashes to its commitment',
  'Every tick is the committed path re-derived from its seed',
  'The entry is the first tick strictly after acceptance',
  'The exit is the last tick at or before the end',
  'The result follows the rule',
  'The payout follows the rule',
];

function receiptChecks(doc) {
  const shape = receiptShapeProblem(doc);
  if (shape) {
    return RECEIPT_CHECKS.map((name, i) => ({
      name,
      ok: false,
      detail: i === 0 ? shape : 'not checked: the receipt is malformed',
    }));
  }
  const { order, ticks, checkpoint } = doc;
  const results = [{ name: RECEIPT_CHECKS[0], ok: true }];
  const add = (ok, detail) => results.push({ name: RECEIPT_CHECKS[results.length], ok, detail });
  const windowEndMs = Math.max(order.endTimeMs, order.acceptedAtMs + ENTRY_WAIT_MS);

  // 2. Settled, with a checkpoint: the receipt says when it will be, while it is not.
  const when = Number.isSafeInteger(doc.verifiableAtMs)
    ? `; the platform expects it at ${iso(doc.verifiableAtMs)}`
    : '';
  if (order.status === 'open') add(false, `the order is still open${when}`);
  else if (checkpoint === null) add(false, `no checkpoint covers the order yet${when}`);
  else add(true);

  // 3. The chain, from the first tick's prevHash (taken as given) through the last tick.
  let broken = null;
  for (const [i, t] of ticks.entries()) {
    if (i > 0 && t.timeMs <= ticks[i - 1].timeMs) {
      broken = `ticks[${i}] is not after the tick before it`;
      break;
    }
    if (i > 0 && t.prevHash !== ticks[i - 1].hash) {
      broken = `ticks[${i}].prevHash is not the hash of ticks[${i - 1}]`;
      break;
    }
    const hash = hashBytes(t.prevHash, `${order.symbol}|${t.timeMs}|${t.priceE8}`);
    if (hash !== t.hash) {
      broken = `ticks[${i}] (${iso(t.timeMs)}): SHA-256 gives ${hash}, the receipt says ${t.hash}`;
      break;
    }
  }
  if (ticks.length === 0) broken = 'no ticks';
  add(broken === null, broken ?? `${ticks.length} ticks from prevHash ${ticks[0].prevHash.slice(0, 16)}…`);

  // 4–6. The checkpoint.
  const last = ticks.at(-1);
  if (checkpoint === null) {
    for (let i = 0; i < 3; i++) add(false, 'no checkpoint');
  } else {
    const head = headOf(checkpoint.heads, order.symbol);
    add(
      head !== null && last !== undefined && head.timeMs === last.timeMs && head.hash === last.hash,
      head
        ? `the checkpoint names ${order.symbol} at ${iso(head.timeMs)} ${head.hash}`
        : `the checkpoint names no head for ${order.symbol}`,
    );
    const hash = hashBytes(checkpoint.prevHash, `${checkpoint.seq}|${checkpoint.timeMs}|${checkpoint.heads}`);
    add(hash === checkpoint.hash, `SHA-256 gives ${hash}`);
    let signed = false;
    let why = 'Ed25519 says no';
    try {
      signed = verifySignature(
        null,
        Buffer.from(checkpoint.hash, 'hex'),
        createPublicKey(doc.publicKeyPem),
        Buffer.from(checkpoint.signature, 'hex'),
      );
    } catch (error) {
      why = `the public key cannot be read: ${error.message}`;
    }
    add(signed, signed ? `signed by ${doc.publicKeyPem.replace(/-----[A-Z ]+-----|\s/g, '')}` : why);
  }

  // 7. Coverage: nothing between acceptance and the first tick, nothing after the last before the end.
  if (ticks.length === 0) add(false, 'no ticks');
  else if (ticks[0].timeMs > order.acceptedAtMs && ticks[0].prevHash !== ZERO_HASH)
    add(false, `the first tick (${iso(ticks[0].timeMs)}) is after acceptance (${iso(order.acceptedAtMs)})`);
  else if (checkpoint === null || checkpoint.timeMs < windowEndMs)
    add(false, `the checkpoint's minute must be at or after ${iso(windowEndMs)}`);
  else add(true, `${iso(ticks[0].timeMs)} to ${iso(checkpoint.timeMs)}`);

  // 8–9. Seeds and the path (simulated products).
  const simulated = doc.model.source === 'simulated';
  const epochs = [...doc.epochs].sort((a, b) => a.startMs - b.startMs);
  const badSeed = epochs.find((e) => e.seed !== null && sha256Hex(Buffer.from(e.seed, 'hex')) !== e.commitment);
  if (!simulated)
    add(
      epochs.length === 0,
      epochs.length === 0
        ? `${doc.model.source}: prices from the exchange, no seeds`
        : 'a streamed product has no epochs',
    );
  else if (epochs.length === 0) add(false, 'a simulated product lists no epochs');
  else if (badSeed) add(false, `the seed of the epoch at ${iso(badSeed.startMs)} does not hash to its commitment`);
  else add(true, `${epochs.filter((e) => e.seed !== null).length} seed(s)`);
  if (!simulated) add(true, `${doc.model.source}: compare the trade ids (tradeId) with the exchange's public trades`);
  else add(...pathCheck(order, ticks, epochs, doc.model.paths, windowEndMs));

  // 10–13. The rule.
  const outcome = decide(order, ticks);
  const sameSpot = (stated, tick) =>
    stated === undefined
      ? true
      : stated === null
        ? tick === null
        : tick !== null && stated.timeMs === tick.timeMs && String(stated.priceE8) === tick.priceE8;
  const firstAfter = ticks.find((t) => t.timeMs > order.acceptedAtMs) ?? null;
  const entryOk =
    order.entry === undefined || order.entry === null
      ? outcome.entry === null || order.status === 'open'
      : sameSpot(order.entry, firstAfter);
  add(
    entryOk,
    firstAfter
      ? `the first tick after acceptance: ${firstAfter.price} at ${iso(firstAfter.timeMs)}`
      : 'no tick after acceptance',
  );
  const exitOk = order.status === 'open' || sameSpot(order.exit, outcome.exit);
  add(
    exitOk,
    outcome.exit
      ? `the last tick at or before the end: ${outcome.exit.price} at ${iso(outcome.exit.timeMs)}`
      : 'no exit (void)',
  );
  add(
    order.status === outcome.status,
    `the rule gives ${outcome.status} (${outcome.why}); the order says ${order.status}`,
  );
  const payout = order.payout === null ? null : decimal(order.payout, USDT_DECIMALS);
  add(payout === outcome.payout, `the rule gives ${formatMinor(outcome.payout)}; the order says ${order.payout}`);
  return results;
}

const sha256Hex = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** [ok, detail] of check 9: every tick through the window (and later ones whose seed is out) is the path's. */
function pathCheck(order, ticks, epochs, paths, windowEndMs) {
  const pathAt = new Map(paths.map((p) => [p.startMs, p]));
  const epochOf = (timeMs) => epochs.filter((e) => e.startMs <= timeMs).at(-1);
  const byEpoch = new Map();
  for (const t of ticks) {
    const epoch = epochOf(t.timeMs);
    const needed = t.timeMs <= windowEndMs;
    if (!epoch || epoch.seed === null || !pathAt.has(epoch.startMs)) {
      if (needed)
        return [
          false,
          `the tick at ${iso(t.timeMs)} has no ${!epoch ? 'epoch' : epoch.seed === null ? 'revealed seed' : 'path'} in the receipt`,
        ];
      continue; // after the window: only its hash matters, and its seed may come an epoch later
    }
    if (t.timeMs % 1000 !== 0) return [false, `the tick at ${t.timeMs} ms is not on a whole second`];
    if (!byEpoch.has(epoch.startMs)) byEpoch.set(epoch.startMs, []);
    byEpoch.get(epoch.startMs).push(t);
  }
  let checked = 0;
  for (const [i, epoch] of epochs.entries()) {
    const path = pathAt.get(epoch.startMs);
    if (epoch.seed === null || !path) continue;
    if (path.symbol !== undefined && path.symbol !== order.symbol)
      return [false, `the path of ${iso(epoch.startMs)} is of ${path.symbol}`];
    const sigma = BigInt(path.sigmaE12);
    const ppm = BigInt(path.volatilityPpm);
    if (isqrt((ppm * ppm * 10n ** 12n) / 31536000n) !== sigma)
      return [false, `sigmaE12 ${path.sigmaE12} is not the one of volatilityPpm ${path.volatilityPpm}`];
    const seed = Buffer.from(epoch.seed, 'hex');
    const unit = 10n ** BigInt(8 - path.pricePrecision);
    const mine = byEpoch.get(epoch.startMs) ?? [];
    // Walk to the last tick of the epoch; and on to the next epoch's start when it is listed and not
    // an anchor: its start price must be where this path ends.
    const next = epochs[i + 1];
    const nextPath = next && pathAt.get(next.startMs);
    const continues = nextPath && !nextPath.anchored;
    const lastSecond = continues ? next.startMs / 1000 - 1 : (mine.at(-1)?.timeMs ?? epoch.startMs) / 1000;
    let p = BigInt(path.startPriceE8);
    let k = 0;
    for (let s = epoch.startMs / 1000; s <= lastSecond; s++) {
      const step = pathStep(seed, order.symbol, s, p, sigma, unit);
      p = step.p;
      const t = mine[k];
      if (t && t.timeMs === s * 1000) {
        if (t.priceE8 !== step.tick.toString())
          return [false, `the tick at ${iso(t.timeMs)} is ${t.priceE8}; the path gives ${step.tick}`];
        k += 1;
        checked += 1;
      }
    }
    if (k !== mine.length) return [false, `a tick of the epoch at ${iso(epoch.startMs)} is not on the path's seconds`];
    if (continues && BigInt(nextPath.startPriceE8) !== p)
      return [
        false,
        `the epoch at ${iso(next.startMs)} starts at ${nextPath.startPriceE8}; the path before it ends at ${p}`,
      ];
  }
  return [true, `${checked} tick(s) re-derived`];
}

function receiptSummary(doc) {
  const o = doc.order;
  return [
    `Order ${o.id}: ${o.symbol} ${o.direction}, stake ${o.amount}, ${o.status}, payout ${o.payout}.`,
    `Checkpoint ${doc.checkpoint?.seq} (${doc.checkpoint ? iso(doc.checkpoint.timeMs) : '-'}), hash ${doc.checkpoint?.hash}.`,
    'Compare the checkpoint with GET /api/fair/checkpoints and the public key with GET /api/fair/key (or a copy you kept).',
  ];
}

// --- The kinds this script knows, by shape ---------------------------------------------------------

const KINDS = [
  {
    name: 'proof of liabilities',
    article: 'a',
    matches: (doc) => 'leaf' in doc && 'path' in doc && 'root' in doc,
    checks: liabilityChecks,
    summary: liabilitySummary,
  },
  {
    name: 'order receipt',
    article: 'an',
    matches: (doc) => 'order' in doc && 'ticks' in doc && 'checkpoint' in doc,
    checks: receiptChecks,
    summary: receiptSummary,
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
  process.stdout.write(`Checking ${kind.article} ${kind.name}\n`);
  const results = kind.checks(doc);
  for (const result of results) {
    const detail = result.detail ? `: ${result.detail}` : '';
    process.stdout.write(result.ok ? `  ✓ ${result.name}${detail}\n` : `  ✗ ${result.name}${detail}\n`);
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
