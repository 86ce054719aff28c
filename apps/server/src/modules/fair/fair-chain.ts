import { createHash } from 'node:crypto';

/**
 * The hash formats of the public protocol (issue 13 section 1, docs/provably-fair.md), as pure
 * functions: the one TypeScript home of the rules. The database computes the tick chain with the
 * same formula on insert (drizzle/functions/ticks_chain.sql); fair-chain.test.ts checks the two
 * agree and checks these against vectors computed independently.
 */

export const HASH_BYTES = 32;
/** The `prevHash` of a chain's first link. */
export const ZERO_HASH: Buffer = Buffer.alloc(HASH_BYTES);

export interface ChainTick {
  symbol: string;
  timeMs: number;
  /** The price × 10^8, a positive integer. */
  priceE8: bigint;
}

/** `{symbol}|{timeMs}|{priceE8}`: the text a tick's hash covers. */
export function tickMessage({ symbol, timeMs, priceE8 }: ChainTick): string {
  if (!Number.isSafeInteger(timeMs)) throw new RangeError(`timeMs must be an integer, got ${timeMs}`);
  if (priceE8 <= 0n) throw new RangeError(`priceE8 must be positive, got ${priceE8}`);
  if (symbol.length === 0 || symbol.includes('|') || symbol.includes(';')) {
    throw new RangeError(`symbol must be non-empty without | or ;, got ${JSON.stringify(symbol)}`);
  }
  return `${symbol}|${timeMs}|${priceE8}`;
}

/** SHA-256(prevHash ‖ UTF-8(text)). */
export function chainHash(prevHash: Uint8Array, text: string): Buffer {
  if (prevHash.length !== HASH_BYTES) throw new RangeError(`prevHash must be ${HASH_BYTES} bytes`);
  return createHash('sha256').update(prevHash).update(text, 'utf8').digest();
}

export function tickHash(prevHash: Uint8Array, tick: ChainTick): Buffer {
  return chainHash(prevHash, tickMessage(tick));
}

/** A symbol's chain head as a checkpoint lists it. */
export interface ChainHead {
  symbol: string;
  timeMs: number;
  hash: Uint8Array;
}

/** Code-unit order: the same in every language (symbols are ASCII). */
function compareSymbols(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `{symbol}|{timeMs}|{hash}` for every head, sorted by symbol, joined by `;` (empty when none). */
export function checkpointHeads(heads: readonly ChainHead[]): string {
  return [...heads]
    .sort((a, b) => compareSymbols(a.symbol, b.symbol))
    .map((h) => `${h.symbol}|${h.timeMs}|${Buffer.from(h.hash).toString('hex')}`)
    .join(';');
}

/** SHA-256(prevCheckpointHash ‖ UTF-8("{seq}|{timeMs}|{heads}")). */
export function checkpointHash(prevHash: Uint8Array, seq: number, timeMs: number, heads: string): Buffer {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`seq must be a whole number from 1, got ${seq}`);
  if (!Number.isSafeInteger(timeMs)) throw new RangeError(`timeMs must be an integer, got ${timeMs}`);
  return chainHash(prevHash, `${seq}|${timeMs}|${heads}`);
}

export interface StoredChainTick extends ChainTick {
  prevHash: Uint8Array;
  hash: Uint8Array;
}

/**
 * Where a run of one symbol's ticks (oldest first) stops being a chain: the index of the first tick
 * whose hash is not its own or whose prevHash is not its predecessor's hash, or -1 when all hold.
 * The first tick's prevHash is taken as given (pruning keeps it) unless `startPrevHash` is passed.
 */
export function firstBrokenLink(ticks: readonly StoredChainTick[], startPrevHash?: Uint8Array): number {
  let expectedPrev: Buffer | undefined = startPrevHash ? Buffer.from(startPrevHash) : undefined;
  for (let i = 0; i < ticks.length; i++) {
    const tick = ticks[i]!;
    if (expectedPrev && !expectedPrev.equals(tick.prevHash)) return i;
    if (i > 0 && tick.timeMs <= ticks[i - 1]!.timeMs) return i;
    const hash = tickHash(tick.prevHash, tick);
    if (!hash.equals(tick.hash)) return i;
    expectedPrev = hash;
  }
  return -1;
}
