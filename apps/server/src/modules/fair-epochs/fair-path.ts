import { createHash, createHmac } from 'node:crypto';

/**
 * The committed price path of a simulated product (issue 13 section 2; the public algorithm:
 * docs/provably-fair.md, "The path"). Integer arithmetic only, so any language reproduces every
 * tick bit for bit from the revealed seed. Nothing here touches the database or a clock.
 *
 * A step, for the tick of Unix second `second` in an epoch with seed `seed`:
 *   u      = HMAC-SHA256(key = seed, message = UTF-8("{symbol}|{second}"))     32 bytes
 *   z      = (sum of the 16 big-endian uint16 words of u) − 524280             in [−524280, 524280]
 *   delta  = trunc(p × sigmaE12 × z / (75674 × 10^12))                           toward zero
 *   p'     = max(p + delta, unit)            unit = 10^(8 − precision), the product's price step
 *   tick   = p' rounded half up to a multiple of unit
 * p is the path's own price in units of 10^-8 (kept unrounded between steps).
 */

/** The mean of the sum of 16 uniform uint16 words: z is centred on it. */
export const Z_CENTRE = 524_280;
/** ≈ the standard deviation of z (√(16 × (65536² − 1) / 12) = 75 674.45): z / Z_SCALE is ≈ N(0, 1). */
export const Z_SCALE = 75_674n;
const E12 = 1_000_000_000_000n;
const STEP_DIVISOR = Z_SCALE * E12;
/** Seconds in the year the annual volatility is quoted per (365 days). */
export const SECONDS_PER_YEAR = 31_536_000n;
export const PRICE_DECIMALS = 8;

/** The parameters of a product's path in one epoch, fixed when the epoch's commitment is published. */
export interface PathParams {
  /** Annual volatility in millionths (0.65 → 650000). */
  volatilityPpm: number;
  /** Volatility per second × 10^12: isqrt(volatilityPpm² × 10^12 / 31 536 000). */
  sigmaE12: bigint;
  /** Decimal places of the product's prices (2 → ticks are multiples of 10^6 in units of 10^-8). */
  pricePrecision: number;
}

/** floor(√n) for n ≥ 0, exactly (Newton's method on integers). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
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
  return isqrt((ppm * ppm * E12) / SECONDS_PER_YEAR);
}

/** The product's annual volatility (a float in the catalogue) as the integer the path uses. */
export function pathParamsOf(volatility: number, pricePrecision: number): PathParams {
  const volatilityPpm = Math.round(volatility * 1_000_000);
  return { volatilityPpm, sigmaE12: sigmaE12Of(volatilityPpm), pricePrecision };
}

/** 10^(8 − precision) for precision 0 to 8, computed once (a step is on the engine's hot path). */
const PRICE_UNITS_E8 = Array.from({ length: PRICE_DECIMALS + 1 }, (_, p) => 10n ** BigInt(PRICE_DECIMALS - p));

/** The smallest price step of a product, in units of 10^-8. */
export function priceUnitE8(pricePrecision: number): bigint {
  const unit = PRICE_UNITS_E8[pricePrecision];
  if (unit === undefined) throw new RangeError(`price precision ${pricePrecision} is not 0 to 8`);
  return unit;
}

/** z of one second: the sum of the 16 big-endian uint16 words of the HMAC, centred. */
export function drawZ(seed: Uint8Array, symbol: string, second: number): number {
  const u = createHmac('sha256', seed).update(`${symbol}|${second}`).digest();
  let sum = 0;
  for (let i = 0; i < 32; i += 2) sum += (u[i]! << 8) | u[i + 1]!;
  return sum - Z_CENTRE;
}

/** The path's price after the step of `second`, from its price `priceE8` the second before. */
export function stepPrice(
  seed: Uint8Array,
  symbol: string,
  second: number,
  priceE8: bigint,
  params: PathParams,
): bigint {
  // BigInt division truncates toward zero, as the algorithm says: up and down steps are mirror images.
  const delta = (priceE8 * params.sigmaE12 * BigInt(drawZ(seed, symbol, second))) / STEP_DIVISOR;
  const next = priceE8 + delta;
  const unit = priceUnitE8(params.pricePrecision);
  return next < unit ? unit : next;
}

/** What is recorded for a path price: rounded half up to the product's precision (never below one step). */
export function tickPriceE8(priceE8: bigint, pricePrecision: number): bigint {
  const unit = priceUnitE8(pricePrecision);
  const rest = priceE8 % unit;
  const down = priceE8 - rest;
  const rounded = 2n * rest >= unit ? down + unit : down;
  return rounded < unit ? unit : rounded;
}

/**
 * Walks `count` seconds from `fromSecond` (the first step's second) starting at `priceE8`, all in
 * one epoch (one seed, one set of parameters), and answers the path's price after the last step.
 * `onTick` hears each second's recorded price.
 */
export function walk(
  seed: Uint8Array,
  symbol: string,
  fromSecond: number,
  count: number,
  priceE8: bigint,
  params: PathParams,
  onTick?: (second: number, tickE8: bigint) => void,
): bigint {
  let price = priceE8;
  for (let second = fromSecond; second < fromSecond + count; second++) {
    price = stepPrice(seed, symbol, second, price, params);
    onTick?.(second, tickPriceE8(price, params.pricePrecision));
  }
  return price;
}

/** SHA-256 of the seed in lowercase hex: the epoch's public commitment. */
export function commitmentOf(seed: Uint8Array): string {
  return createHash('sha256').update(seed).digest('hex');
}
