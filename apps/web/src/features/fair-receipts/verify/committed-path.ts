import { hmacSha256 } from './web-crypto';

/**
 * A simulated product's committed path (docs/provably-fair.md §2.3), re-derived in the browser with
 * WebCrypto's HMAC and BigInt: the same integer steps as the server's fair-epochs/fair-path.ts,
 * written again from the docs (no server code in the app). Tested against the docs' vectors and a
 * fixture the server's own function produced.
 */

const Z_CENTRE = 524_280;
/** 75 674 × 10^12: z / 75 674 ≈ N(0, 1), sigma is × 10^12. */
const STEP_DIVISOR = 75_674_000_000_000_000n;
const SECONDS_PER_YEAR = 31_536_000n;

/** floor(√n) for n ≥ 0, exactly. */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** The per-second volatility × 10^12 of an annual volatility in millionths. */
export function sigmaE12Of(volatilityPpm: number): bigint {
  const ppm = BigInt(volatilityPpm);
  return isqrt((ppm * ppm * 1_000_000_000_000n) / SECONDS_PER_YEAR);
}

/** 10^(8 − precision): the product's price step in units of 10^-8. */
export function priceUnitE8(pricePrecision: number): bigint {
  if (!Number.isInteger(pricePrecision) || pricePrecision < 0 || pricePrecision > 8) {
    throw new RangeError(`price precision ${pricePrecision} is not 0 to 8`);
  }
  return 10n ** BigInt(8 - pricePrecision);
}

export interface PathWalk {
  seedHex: string;
  symbol: string;
  /** The epoch's first Unix second: the path's first step. */
  fromSecond: number;
  startPriceE8: bigint;
  sigmaE12: bigint;
  pricePrecision: number;
}

export interface WalkedPath {
  /** Each second's recorded price (priceE8), rounded half up to the product's step. */
  ticks: Map<number, bigint>;
  /** The path's own (unrounded) price after the last second: the next epoch's start, at its end. */
  endPriceE8: bigint;
}

/** Walks the path from the epoch's first second through `toSecond` (inclusive). */
export async function walkPath(walk: PathWalk, toSecond: number): Promise<WalkedPath> {
  const hmac = await hmacSha256(walk.seedHex);
  const unit = priceUnitE8(walk.pricePrecision);
  const ticks = new Map<number, bigint>();
  let price = walk.startPriceE8;
  for (let second = walk.fromSecond; second <= toSecond; second++) {
    const u = await hmac(`${walk.symbol}|${second}`);
    let sum = 0;
    for (let i = 0; i < 32; i += 2) sum += (u[i]! << 8) | u[i + 1]!;
    // BigInt division truncates toward zero, as the protocol says.
    const delta = (price * walk.sigmaE12 * BigInt(sum - Z_CENTRE)) / STEP_DIVISOR;
    price = price + delta < unit ? unit : price + delta;
    const rest = price % unit;
    ticks.set(second, 2n * rest >= unit ? price - rest + unit : price - rest);
  }
  return { ticks, endPriceE8: price };
}
