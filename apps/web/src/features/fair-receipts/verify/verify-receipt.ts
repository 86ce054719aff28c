import { formatAmount, parseAmount } from '@app/contract/amount';
import { type FairReceipt, fairReceiptSchema } from '@app/contract/fair-receipt';
import { orderWinPayoutMinor, parseRateBp } from '@app/contract/order-rules';
import { sigmaE12Of, walkPath } from './committed-path';
import { chainHashHex, ed25519KeyHexOfPem, sha256OfHex, verifyEd25519 } from './web-crypto';

/**
 * Checks an order's receipt (issue 13 §3; the formats: docs/provably-fair.md) in the browser, trusting
 * nothing of ours: the tick chain up to the signed checkpoint, the checkpoint's hash and signature,
 * the epoch seeds against their commitments and every simulated tick against the committed path,
 * then the settlement rule of DESIGN.md 6.4 (entry, exit, result, payout) from those ticks. The same
 * checks as tools/verify/verify.mjs, written separately.
 */

export const RECEIPT_CHECK_NAMES = [
  'shape',
  'chain',
  'checkpoint_head',
  'checkpoint_hash',
  'signature',
  'published_key',
  'commitments',
  'path',
  'entry',
  'exit',
  'result',
  'payout',
] as const;
export type ReceiptCheckName = (typeof RECEIPT_CHECK_NAMES)[number];

/** Why a check passed or failed, as a code the screens put in words, with the facts it names. */
export interface ReceiptReason {
  code: string;
  /** Times in Unix ms; prices and amounts as decimals; statuses as the order's. */
  values?: {
    time?: number;
    price?: string;
    expected?: string;
    recorded?: string;
    count?: number;
    seq?: number;
    symbol?: string;
    fields?: string;
  };
}

export interface ReceiptCheck {
  name: ReceiptCheckName;
  isOk: boolean;
  reason: ReceiptReason;
}

export interface OutcomeTick {
  timeMs: number;
  price: string;
}

/** The result re-derived from the ticks, whatever the order says. */
export interface DerivedOutcome {
  direction: 'up' | 'down';
  status: 'won' | 'lost' | 'tie' | 'void';
  /** Void because no tick came within 5 s of acceptance, or none in the 5 s before the end. */
  voidAt: 'entry' | 'exit' | null;
  entry: OutcomeTick | null;
  exit: OutcomeTick | null;
  /** Decimal USDT. */
  payout: string;
}

export interface ReceiptVerification {
  /** false: the receipt says it cannot be checked yet (nothing was checked). */
  isVerifiable: boolean;
  verifiableAtMs: number | null;
  orderId: string | null;
  orderStatus: FairReceipt['order']['status'] | null;
  /** 'streamed': prices from an exchange, so there is no seed or path to check. */
  kind: 'simulated' | 'streamed' | null;
  checks: ReceiptCheck[];
  outcome: DerivedOutcome | null;
}

/** DESIGN.md 6.4: the entry must come within 5 s of acceptance, the exit within the 5 s before the end. */
export const ENTRY_WAIT_MS = 5_000;
export const EXIT_STALENESS_MS = 5_000;
const ZERO_HASH = '0'.repeat(64);
const HASH = /^[0-9a-f]{64}$/;
const SIGNATURE = /^[0-9a-f]{128}$/;
const PRICE = /^(0|[1-9]\d*)(\.\d{1,8})?$/;
const PRICE_E8 = /^[1-9]\d*$/;
const SIMULATED = 'simulated';

/** A decimal price ("87250.12") × 10^8 as an integer; null when it is not a plain decimal. */
export function priceToE8(price: string): bigint | null {
  if (!PRICE.test(price)) return null;
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
}

/** An integer × 10^-8 as the product writes its prices (`precision` decimals). */
export function e8ToPrice(e8: bigint, precision: number): string {
  const whole = e8 / 100_000_000n;
  const fraction = (e8 % 100_000_000n).toString().padStart(8, '0').slice(0, precision);
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** A tick the order recorded as its entry or exit. */
interface Spot {
  timeMs: number;
  priceE8: string;
}

/**
 * `order.entry` and `order.exit`, fields added to the receipt after its first shape: checked when
 * present (undefined: absent), read from the document itself so that no schema drops them.
 */
interface RecordedSpots {
  entry?: Spot | null;
  exit?: Spot | null;
}

function readSpot(value: unknown): Spot | null | undefined | 'bad' {
  if (value === undefined || value === null) return value;
  const spot = value as Partial<Spot>;
  const isSpot = Number.isInteger(spot.timeMs) && typeof spot.priceE8 === 'string' && PRICE_E8.test(spot.priceE8);
  return isSpot ? { timeMs: spot.timeMs!, priceE8: spot.priceE8! } : 'bad';
}

/** A pasted or downloaded receipt may be the API's whole answer: take its `data`. */
function unwrapEnvelope(input: unknown): unknown {
  if (input && typeof input === 'object' && 'code' in input && 'data' in input)
    return (input as { data: unknown }).data;
  return input;
}

/** What the schema cannot say: hex lengths, prices and amounts that parse. Empty when well formed. */
function malformedFields(receipt: FairReceipt): string[] {
  const bad: string[] = [];
  const { order, checkpoint } = receipt;
  for (const [name, text] of [
    ['order.amount', order.amount],
    ['order.fee', order.fee],
  ] as const) {
    try {
      parseAmount(text);
    } catch {
      bad.push(name);
    }
  }
  if (order.payout !== null) {
    try {
      parseAmount(order.payout);
    } catch {
      bad.push('order.payout');
    }
  }
  if (parseRateBp(order.payoutRate) === null) bad.push('order.payoutRate');
  if (receipt.verifiable) {
    if (receipt.ticks.length === 0) bad.push('ticks');
    if (!checkpoint) bad.push('checkpoint');
  }
  receipt.ticks.forEach((tick, i) => {
    if (!PRICE.test(tick.price) || !PRICE_E8.test(tick.priceE8)) bad.push(`ticks.${i}.price`);
    if (!HASH.test(tick.prevHash) || !HASH.test(tick.hash)) bad.push(`ticks.${i}.hash`);
  });
  if (checkpoint) {
    if (!HASH.test(checkpoint.prevHash) || !HASH.test(checkpoint.hash)) bad.push('checkpoint.hash');
    if (!SIGNATURE.test(checkpoint.signature)) bad.push('checkpoint.signature');
  }
  receipt.epochs.forEach((epoch, i) => {
    if (!HASH.test(epoch.commitment) || (epoch.seed !== null && !HASH.test(epoch.seed))) bad.push(`epochs.${i}`);
  });
  return bad;
}

const ok = (name: ReceiptCheckName, code: string, values?: ReceiptReason['values']): ReceiptCheck => ({
  name,
  isOk: true,
  reason: { code, values },
});
const failed = (name: ReceiptCheckName, code: string, values?: ReceiptReason['values']): ReceiptCheck => ({
  name,
  isOk: false,
  reason: { code, values },
});

/**
 * Every check of a receipt (the parsed JSON of `GET /api/fair/receipt`, or the answer's envelope).
 * `publishedKeyPem`, when given, is the platform's key as `/api/fair/key` publishes it: the receipt's
 * key must be that one (a receipt signed by any other key proves nothing).
 */
export async function verifyReceipt(input: unknown, publishedKeyPem?: string | null): Promise<ReceiptVerification> {
  const document = unwrapEnvelope(input);
  const parsed = fairReceiptSchema.safeParse(document);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))];
    return {
      isVerifiable: true,
      verifiableAtMs: null,
      orderId: null,
      orderStatus: null,
      kind: null,
      checks: [failed('shape', 'shape_bad', { fields: fields.slice(0, 3).join(', ') })],
      outcome: null,
    };
  }
  const receipt = parsed.data;
  const base = { orderId: receipt.order.id, orderStatus: receipt.order.status, verifiableAtMs: receipt.verifiableAtMs };
  if (!receipt.verifiable) return { ...base, isVerifiable: false, kind: null, checks: [], outcome: null };
  const isSimulated = receipt.model.source === SIMULATED || receipt.model.paths.length > 0 || receipt.epochs.length > 0;
  const kind = isSimulated ? 'simulated' : 'streamed';
  const rawOrder = (document as { order?: Record<string, unknown> }).order ?? {};
  const entrySpot = readSpot(rawOrder.entry);
  const exitSpot = readSpot(rawOrder.exit);
  const bad = [
    ...malformedFields(receipt),
    ...(entrySpot === 'bad' ? ['order.entry'] : []),
    ...(exitSpot === 'bad' ? ['order.exit'] : []),
  ];
  if (bad.length > 0 || !receipt.checkpoint) {
    return {
      ...base,
      isVerifiable: true,
      kind,
      checks: [failed('shape', 'shape_bad', { fields: bad.slice(0, 3).join(', ') })],
      outcome: null,
    };
  }
  const checkpoint = receipt.checkpoint;
  const checks: ReceiptCheck[] = [ok('shape', 'shape_ok')];
  checks.push(await checkChain(receipt));
  checks.push(checkHead(receipt, checkpoint));
  checks.push(await checkCheckpointHash(checkpoint));
  checks.push(await checkSignature(receipt.publicKeyPem, checkpoint));
  if (typeof publishedKeyPem === 'string') checks.push(checkPublishedKey(receipt.publicKeyPem, publishedKeyPem));
  if (isSimulated) {
    checks.push(await checkCommitments(receipt));
    checks.push(await checkPath(receipt));
  }
  const recorded: RecordedSpots = {
    entry: entrySpot === 'bad' ? undefined : entrySpot,
    exit: exitSpot === 'bad' ? undefined : exitSpot,
  };
  const settled = settle(receipt, checkpoint.timeMs, recorded);
  checks.push(...settled.checks);
  return { ...base, isVerifiable: true, kind, checks, outcome: settled.outcome };
}

/** Each tick hashes to its hash, links to the one before, comes later, and shows the price it hashes. */
async function checkChain(receipt: FairReceipt): Promise<ReceiptCheck> {
  const { symbol } = receipt.order;
  let previous: FairReceipt['ticks'][number] | null = null;
  for (const tick of receipt.ticks) {
    const time = tick.timeMs;
    if (previous && tick.prevHash !== previous.hash) return failed('chain', 'chain_link', { time });
    if (previous && tick.timeMs <= previous.timeMs) return failed('chain', 'chain_order', { time });
    if (priceToE8(tick.price) !== BigInt(tick.priceE8)) return failed('chain', 'chain_price', { time });
    const hash = await chainHashHex(tick.prevHash, `${symbol}|${tick.timeMs}|${tick.priceE8}`);
    if (hash !== tick.hash) return failed('chain', 'chain_hash', { time });
    previous = tick;
  }
  return ok('chain', 'chain_ok', { count: receipt.ticks.length });
}

/** The checkpoint names the receipt's last tick as the symbol's head: the chain ends where it was signed. */
function checkHead(receipt: FairReceipt, checkpoint: NonNullable<FairReceipt['checkpoint']>): ReceiptCheck {
  const { symbol } = receipt.order;
  const last = receipt.ticks.at(-1)!;
  const head = checkpoint.heads.split(';').find((entry) => entry.startsWith(`${symbol}|`));
  const values = { seq: checkpoint.seq, symbol };
  return head === `${symbol}|${last.timeMs}|${last.hash}`
    ? ok('checkpoint_head', 'head_ok', values)
    : failed('checkpoint_head', 'head_bad', values);
}

async function checkCheckpointHash(checkpoint: NonNullable<FairReceipt['checkpoint']>): Promise<ReceiptCheck> {
  const hash = await chainHashHex(checkpoint.prevHash, `${checkpoint.seq}|${checkpoint.timeMs}|${checkpoint.heads}`);
  const values = { seq: checkpoint.seq, time: checkpoint.timeMs };
  return hash === checkpoint.hash
    ? ok('checkpoint_hash', 'checkpoint_hash_ok', values)
    : failed('checkpoint_hash', 'checkpoint_hash_bad', values);
}

async function checkSignature(pem: string, checkpoint: NonNullable<FairReceipt['checkpoint']>): Promise<ReceiptCheck> {
  const result = await verifyEd25519(pem, checkpoint.hash, checkpoint.signature);
  if (result === 'valid') return ok('signature', 'signature_ok');
  return failed('signature', `signature_${result}`);
}

function checkPublishedKey(pem: string, publishedPem: string): ReceiptCheck {
  const key = ed25519KeyHexOfPem(pem);
  return key !== null && key === ed25519KeyHexOfPem(publishedPem)
    ? ok('published_key', 'key_published')
    : failed('published_key', 'key_not_published');
}

/**
 * Every revealed seed hashes to its commitment (docs §3.3 check 8). A seed still unrevealed is no
 * failure here: the epochs the order needs must have theirs, which the path check requires.
 */
async function checkCommitments(receipt: FairReceipt): Promise<ReceiptCheck> {
  if (receipt.epochs.length === 0) return failed('commitments', 'seeds_none');
  let revealed = 0;
  for (const epoch of receipt.epochs) {
    if (epoch.seed === null) continue;
    if ((await sha256OfHex(epoch.seed)) !== epoch.commitment) {
      return failed('commitments', 'commitment_bad', { time: epoch.startMs });
    }
    revealed += 1;
  }
  return ok('commitments', 'commitments_ok', { count: revealed });
}

/** The order's window end: the end, and at least the 5 s in which the entry must come (docs §3.3). */
const windowEndOf = (order: FairReceipt['order']) => Math.max(order.endTimeMs, order.acceptedAtMs + ENTRY_WAIT_MS);

/**
 * Every tick through the window's end equals the committed path, walked from its epoch's start price
 * with the revealed seed (later ticks too, once their seed is out); and an epoch that is not an
 * anchor starts where the listed epoch before it ended (docs §2.3, §3.3 check 9).
 */
async function checkPath(receipt: FairReceipt): Promise<ReceiptCheck> {
  const { symbol } = receipt.order;
  const windowEnd = windowEndOf(receipt.order);
  const paths = [...receipt.model.paths].sort((a, b) => a.startMs - b.startMs);
  if (paths.length === 0) return failed('path', 'path_none');
  const seedOf = (startMs: number) => receipt.epochs.find((epoch) => epoch.startMs === startMs)?.seed ?? null;
  const byEpoch = new Map<number, FairReceipt['ticks']>();
  for (const tick of receipt.ticks) {
    const time = tick.timeMs;
    if (time % 1000 !== 0) return failed('path', 'path_not_second', { time });
    const path = findLast(paths, (p) => p.startMs <= time);
    const isNeeded = time <= windowEnd;
    if (!path) {
      if (isNeeded) return failed('path', 'path_missing', { time });
      continue;
    }
    if (seedOf(path.startMs) === null) {
      if (isNeeded) return failed('path', 'path_no_seed', { time: path.startMs });
      continue;
    }
    byEpoch.set(path.startMs, [...(byEpoch.get(path.startMs) ?? []), tick]);
  }
  let checked = 0;
  for (const [i, path] of paths.entries()) {
    const seed = seedOf(path.startMs);
    const next = paths[i + 1];
    const ticks = byEpoch.get(path.startMs) ?? [];
    const walksOn = next !== undefined && !next.anchored;
    if (seed === null || (ticks.length === 0 && !walksOn)) continue;
    const time = path.startMs;
    const isValid =
      path.symbol === symbol &&
      PRICE_E8.test(path.startPriceE8) &&
      /^\d+$/.test(path.sigmaE12) &&
      BigInt(path.sigmaE12) === sigmaE12Of(path.volatilityPpm) &&
      path.pricePrecision >= 0 &&
      path.pricePrecision <= 8;
    if (!isValid) return failed('path', 'path_params', { time });
    const lastSecond = walksOn ? next.startMs / 1000 - 1 : ticks.at(-1)!.timeMs / 1000;
    const walked = await walkPath(
      {
        seedHex: seed,
        symbol,
        fromSecond: path.startMs / 1000,
        startPriceE8: BigInt(path.startPriceE8),
        sigmaE12: BigInt(path.sigmaE12),
        pricePrecision: path.pricePrecision,
      },
      lastSecond,
    );
    for (const tick of ticks) {
      const expected = walked.ticks.get(tick.timeMs / 1000)!;
      if (expected !== BigInt(tick.priceE8)) {
        return failed('path', 'path_tick', {
          time: tick.timeMs,
          expected: e8ToPrice(expected, path.pricePrecision),
          recorded: e8ToPrice(BigInt(tick.priceE8), path.pricePrecision),
        });
      }
      checked += 1;
    }
    if (walksOn && walked.endPriceE8 !== BigInt(next.startPriceE8)) {
      return failed('path', 'path_start', { time: next.startMs });
    }
  }
  return ok('path', 'path_ok', { count: checked });
}

/**
 * DESIGN.md 6.4 from the receipt's ticks: entry = the first tick strictly after acceptance (void when
 * none within 5 s), exit = the last tick at or before the end (void when none in the 5 s before it);
 * up wins if exit > entry, down if exit < entry, equal is a tie; win: stake × (1 + rate) (winnings
 * rounded down, contract order-rules), tie: the stake, loss: 0, void: stake + fee.
 */
function settle(
  receipt: FairReceipt,
  checkpointTimeMs: number,
  recorded: RecordedSpots,
): { checks: ReceiptCheck[]; outcome: DerivedOutcome } {
  const { order, ticks } = receipt;
  const amount = parseAmount(order.amount);
  const fee = parseAmount(order.fee);
  const rateBp = parseRateBp(order.payoutRate)!;
  const first = ticks[0]!;
  // Coverage (docs §3.3 check 7): the ticks reach back to acceptance (or start their chain), and the
  // checkpoint's minute is at or after the window's end, so with the chain and the head no tick up to
  // there can be missing from the receipt.
  const isStartCovered = first.timeMs <= order.acceptedAtMs || first.prevHash === ZERO_HASH;
  const isEndCovered = checkpointTimeMs >= windowEndOf(order);
  const tickOf = (tick: FairReceipt['ticks'][number]): OutcomeTick => ({ timeMs: tick.timeMs, price: tick.price });

  const entryTick = ticks.find((tick) => tick.timeMs > order.acceptedAtMs);
  const isEntryVoid =
    !entryTick || entryTick.timeMs > order.acceptedAtMs + ENTRY_WAIT_MS || entryTick.timeMs > order.endTimeMs;
  const exitTick = findLast(ticks, (tick) => tick.timeMs <= order.endTimeMs);
  const isExitVoid =
    !isEntryVoid &&
    (!exitTick || exitTick.timeMs < order.endTimeMs - EXIT_STALENESS_MS || exitTick.timeMs < entryTick!.timeMs);

  let status: DerivedOutcome['status'] = 'void';
  let payout = amount + fee;
  if (!isEntryVoid && !isExitVoid) {
    const entryE8 = BigInt(entryTick!.priceE8);
    const exitE8 = BigInt(exitTick!.priceE8);
    const rose = exitE8 > entryE8;
    status = exitE8 === entryE8 ? 'tie' : (order.direction === 'up') === rose ? 'won' : 'lost';
    payout = status === 'won' ? orderWinPayoutMinor(amount, rateBp) : status === 'tie' ? amount : 0n;
  }
  const outcome: DerivedOutcome = {
    direction: order.direction,
    status,
    voidAt: isEntryVoid ? 'entry' : isExitVoid ? 'exit' : null,
    entry: !isEntryVoid && entryTick ? tickOf(entryTick) : null,
    exit: !isEntryVoid && !isExitVoid && exitTick ? tickOf(exitTick) : null,
    payout: formatAmount(payout),
  };

  // The entry and exit the order recorded, when the receipt gives them: the rule's, or null when it voids.
  const ruleEntry = isEntryVoid ? null : entryTick!;
  const ruleExit = isEntryVoid || isExitVoid ? null : exitTick!;
  const isRecorded = (spot: Spot | null | undefined, tick: FairReceipt['ticks'][number] | null) =>
    spot === undefined ||
    (spot === null ? tick === null : tick !== null && spot.timeMs === tick.timeMs && spot.priceE8 === tick.priceE8);
  const recordedValues = (spot: Spot | null | undefined) =>
    spot ? { time: spot.timeMs, price: e8ToPrice(BigInt(spot.priceE8), 8).replace(/\.?0+$/, '') } : undefined;

  const entry = !isStartCovered
    ? failed('entry', 'entry_uncovered', { time: order.acceptedAtMs })
    : !isRecorded(recorded.entry, ruleEntry)
      ? failed('entry', recorded.entry ? 'entry_recorded_bad' : 'entry_recorded_none', recordedValues(recorded.entry))
      : isEntryVoid
        ? ok('entry', 'entry_void', { time: order.acceptedAtMs })
        : ok('entry', 'entry_ok', { time: entryTick!.timeMs, price: entryTick!.price });
  const exit = !isEndCovered
    ? failed('exit', 'exit_uncovered', { time: order.endTimeMs })
    : !isRecorded(recorded.exit, ruleExit)
      ? failed('exit', recorded.exit ? 'exit_recorded_bad' : 'exit_recorded_none', recordedValues(recorded.exit))
      : isEntryVoid
        ? ok('exit', 'exit_not_needed')
        : isExitVoid
          ? ok('exit', 'exit_void', { time: order.endTimeMs })
          : ok('exit', 'exit_ok', { time: exitTick!.timeMs, price: exitTick!.price });
  const result =
    order.status === status
      ? ok('result', 'result_ok', { expected: status })
      : failed('result', 'result_bad', { expected: status, recorded: order.status });
  const recordedPayout = order.payout === null ? null : parseAmount(order.payout);
  const payoutCheck =
    recordedPayout === payout
      ? ok('payout', 'payout_ok', { expected: outcome.payout })
      : failed('payout', 'payout_bad', { expected: outcome.payout, recorded: order.payout ?? '--' });
  return { checks: [entry, exit, result, payoutCheck], outcome };
}

/** The last element that passes (Array.prototype.findLast is ES2023, past the app's target). */
function findLast<T>(list: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return list[i];
  return undefined;
}
