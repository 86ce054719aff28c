import type { FairCheckpoint } from '@app/contract/fair';
import type { FairEpoch, FairPathEpoch } from '@app/contract/fair-epochs';
import type { FairReceipt, FairReceiptSpot, FairReceiptTick } from '@app/contract/fair-receipt';
import type { Lang } from '@app/contract/lang';
import type { Order } from '@app/contract/markets';
import type { DbOrTx } from '../../db/client.js';
import { isAppError } from '../../http/app-error.js';
import { CHECKPOINT_DELAY_MS } from '../fair/checkpoint-worker.js';
import { CHECKPOINT_EVERY_MS, exactPrice, firstCheckpointFrom, publishedKey } from '../fair/fair.service.js';
import { epochLengthMs, epochStartOf, listEpochs, listPaths } from '../fair-epochs/fair-epochs.service.js';
import { chainedTicks, chainHeadsAt } from '../markets/market-reads.js';
import { type MarketStreamConfig, SIMULATED_SOURCE } from '../markets/price-source.js';
import { getUserOrder } from '../orders/reading.js';
import { ENTRY_WAIT_MS } from '../orders/settlement.js';

/**
 * Provable fairness, section 3 (issue 13; the public format and the checks: docs/provably-fair.md,
 * "Receipts"): one order's receipt, everything a verifier needs to re-derive its outcome from the
 * signed tick chain, without trusting us. Read only, from the other fair modules' and the orders'
 * own reads; it writes nothing.
 */

/**
 * At most this many ticks in a receipt: an order's window (the longest period is 300 s), the minute
 * to its checkpoint and a margin. A longer span (a period an operator made longer than an hour) is
 * cut here, and the receipt then says it is not verifiable.
 */
export const RECEIPT_TICKS_MAX = 4_000;
/** How long settlement takes at most after an order's end (DESIGN.md 6.4: within 1 s). */
const SETTLE_WITHIN_MS = 1_000;
/** A seed is revealed at the engine's first step in the next epoch (a second). */
const REVEAL_WITHIN_MS = 1_000;
const ZERO_HASH_HEX = '0'.repeat(64);

export interface ReceiptOptions {
  stream: MarketStreamConfig | null;
  lang: Lang;
  /** FAIR_EPOCH_SECONDS × 1000: used only by a database without epochs (it keeps its own length). */
  configuredEpochMs: number;
  nowMs: number;
}

/**
 * The time through which the receipt's ticks must be complete to decide the order by the rule: its
 * end (the exit is the last tick at or before it), and at least the 5 s after acceptance in which
 * the entry must come (an order shorter than that is void without one).
 */
export function coveredUntilMs(acceptedAtMs: number, endTimeMs: number): number {
  return Math.max(endTimeMs, acceptedAtMs + ENTRY_WAIT_MS);
}

/** The symbol's head as a checkpoint names it (`{symbol}|{timeMs}|{hash}`), if it names one. */
export function headOf(checkpoint: FairCheckpoint, symbol: string): { timeMs: number; hash: string } | null {
  for (const entry of checkpoint.heads.split(';')) {
    const [name, timeMs, hash] = entry.split('|');
    if (name === symbol && timeMs !== undefined && hash !== undefined) return { timeMs: Number(timeMs), hash };
  }
  return null;
}

/** `GET /api/fair/receipt?order=`: the receipt of the user's own order (anyone else's: order_not_found). */
export async function receiptOf(
  db: DbOrTx,
  userId: number,
  orderId: number,
  options: ReceiptOptions,
): Promise<FairReceipt> {
  const order = await getUserOrder(db, userId, orderId, options.stream, options.lang);
  const acceptedAtMs = Date.parse(order.createdAt);
  const endTimeMs = Date.parse(order.endTime);
  const coveredMs = coveredUntilMs(acceptedAtMs, endTimeMs);
  const simulated = order.source === SIMULATED_SOURCE;

  const checkpoint = await firstCheckpointFrom(db, coveredMs);
  const head = checkpoint ? headOf(checkpoint, order.symbol) : null;
  const [startTick] = (await chainHeadsAt(db, acceptedAtMs)).filter((h) => h.symbol === order.symbol);
  const fromMs = startTick?.timeMs ?? acceptedAtMs;
  // Through the checkpoint's head for the symbol; without a checkpoint yet, what is recorded so far.
  const toMs = head?.timeMs ?? Math.min(coveredMs, options.nowMs);
  const ticks = toMs >= fromMs ? await receiptTicks(db, order.symbol, fromMs, toMs) : [];
  const complete = ticks.length < RECEIPT_TICKS_MAX || ticks.at(-1)?.timeMs === toMs;

  const epochMs = await epochLengthMs(db, options.configuredEpochMs);
  const { epochs, paths } = simulated
    ? await epochsOf(db, order.symbol, ticks, epochMs, options.nowMs)
    : { epochs: [], paths: [] };
  // Before any process has signed there is no key (and no checkpoint): the receipt is not verifiable yet.
  const publicKeyPem = await publishedKey(db).then(
    (key) => key.pem,
    (error: unknown) => {
      if (isAppError(error) && error.errorName === 'fair_key_unavailable') return '';
      throw error;
    },
  );

  const settled = order.status !== 'open';
  // The seeds and paths the outcome needs: of the epochs of the ticks through the window. A later
  // tick (the checkpoint's head, after the end) needs only its hash; its seed may come an epoch later.
  const windowEndEpochMs = epochStartOf(coveredMs, epochMs);
  const needed = epochs.filter((e) => e.startMs <= windowEndEpochMs);
  const pathStarts = new Set(paths.map((p) => p.startMs));
  const modelComplete = !simulated || needed.every((e) => e.seed !== null && pathStarts.has(e.startMs));
  // The ticks start at or before acceptance, or with the chain's very first tick.
  const fromTheStart = startTick !== undefined || ticks[0]?.prevHash === ZERO_HASH_HEX;
  const verifiable =
    settled && checkpoint !== null && head !== null && publicKeyPem !== '' && complete && fromTheStart && modelComplete;
  // Settled and signed, but the ticks before acceptance are gone (pruned after 7 days): never.
  const never = settled && checkpoint !== null && !fromTheStart;

  return {
    order: receiptOrder(order, acceptedAtMs, endTimeMs),
    ticks,
    checkpoint,
    publicKeyPem,
    epochs,
    model: { source: order.source, paths },
    verifiable,
    verifiableAtMs:
      verifiable || never
        ? null
        : verifiableAt({ endTimeMs, coveredMs, checkpoint, epochMs, simulated, nowMs: options.nowMs }),
  };
}

/** The symbol's chained ticks in [fromMs, toMs] as `/api/fair/ticks` gives them, with a streamed tick's trade id. */
async function receiptTicks(db: DbOrTx, symbol: string, fromMs: number, toMs: number): Promise<FairReceiptTick[]> {
  const ticks = await chainedTicks(db, symbol, fromMs, toMs, RECEIPT_TICKS_MAX);
  return ticks.map((t) => ({
    timeMs: t.timeMs,
    price: exactPrice(t.priceE8),
    priceE8: t.priceE8.toString(),
    prevHash: t.prevHash.toString('hex'),
    hash: t.hash.toString('hex'),
    ...(t.tradeId === null ? {} : { tradeId: t.tradeId }),
  }));
}

/** A price as the order screens show it ("87250.10") × 10^8, exactly. */
function priceE8Of(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  return (BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8))).toString();
}

function spotOf(spot: { time: string; price: string } | null): FairReceiptSpot | null {
  return spot ? { timeMs: Date.parse(spot.time), priceE8: priceE8Of(spot.price) } : null;
}

function receiptOrder(order: Order, acceptedAtMs: number, endTimeMs: number): FairReceipt['order'] {
  return {
    id: order.id,
    symbol: order.symbol,
    direction: order.direction,
    amount: order.amount,
    fee: order.fee,
    payoutRate: order.payoutRate,
    acceptedAtMs,
    endTimeMs,
    status: order.status,
    payout: order.payout,
    entry: spotOf(order.entry),
    exit: spotOf(order.exit),
  };
}

/** The epochs the ticks fall in (seeds as public: null until revealed) and each one's committed path. */
async function epochsOf(
  db: DbOrTx,
  symbol: string,
  ticks: readonly FairReceiptTick[],
  epochMs: number,
  nowMs: number,
): Promise<{ epochs: FairEpoch[]; paths: FairPathEpoch[] }> {
  const first = ticks[0];
  const last = ticks.at(-1);
  if (!first || !last) return { epochs: [], paths: [] };
  const fromMs = epochStartOf(first.timeMs, epochMs);
  const toMs = epochStartOf(last.timeMs, epochMs);
  const [epochs, paths] = await Promise.all([listEpochs(db, fromMs, toMs, nowMs), listPaths(db, symbol, fromMs, toMs)]);
  return { epochs, paths };
}

/**
 * The best estimate of when the receipt will be verifiable: the latest of the settlement (within a
 * second of the end), the checkpoint of the first minute at or after the window (made 5 s after it)
 * and the reveal of the seed of the epoch the window ends in (at the engine's first step after it). A time already past (a worker is
 * late) becomes the next checkpoint's.
 */
function verifiableAt(input: {
  endTimeMs: number;
  coveredMs: number;
  checkpoint: FairCheckpoint | null;
  epochMs: number;
  simulated: boolean;
  nowMs: number;
}): number {
  const checkpointMinuteMs =
    input.checkpoint?.timeMs ?? Math.ceil(input.coveredMs / CHECKPOINT_EVERY_MS) * CHECKPOINT_EVERY_MS;
  const times = [input.endTimeMs + SETTLE_WITHIN_MS, checkpointMinuteMs + CHECKPOINT_DELAY_MS];
  if (input.simulated) {
    times.push(epochStartOf(input.coveredMs, input.epochMs) + input.epochMs + REVEAL_WITHIN_MS);
  }
  const estimate = Math.max(...times);
  if (estimate > input.nowMs) return estimate;
  return checkpointMinuteAfter(input.nowMs);
}

function checkpointMinuteAfter(nowMs: number): number {
  return Math.floor(nowMs / CHECKPOINT_EVERY_MS) * CHECKPOINT_EVERY_MS + CHECKPOINT_EVERY_MS + CHECKPOINT_DELAY_MS;
}
