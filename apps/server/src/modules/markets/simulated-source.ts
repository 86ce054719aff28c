import { type PriceSource, SIMULATED_SOURCE, type TickPrice, type TickRequest } from './price-source.js';
import { scaledToNumber, toScaledPrice } from './prices.js';

/**
 * The built-in price source: geometric Brownian motion, labelled "simulated" wherever prices show.
 * Each step draws from a generator seeded by (seed, symbol, time), so the same seed and history
 * give the same prices, and a restart continues the walk from the last recorded price.
 */

const SECONDS_PER_YEAR = 365 * 24 * 3600;

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for a simulation. */
export function seededRandom(seed: string): () => number {
  let state = hash32(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box–Muller). */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** One GBM step of `dtSeconds` with annual volatility `sigma` and no drift. */
export function gbmStep(price: number, sigma: number, dtSeconds: number, z: number): number {
  const dt = dtSeconds / SECONDS_PER_YEAR;
  return price * Math.exp(-0.5 * sigma * sigma * dt + sigma * Math.sqrt(dt) * z);
}

export class SimulatedSource implements PriceSource {
  readonly name = SIMULATED_SOURCE;

  constructor(private readonly seed: string) {}

  /** Always has a price: the next step of the walk from the last recorded one. */
  priceAt(request: TickRequest): TickPrice {
    const timeMs = request.time.getTime();
    const next = this.next(
      request.symbol,
      scaledToNumber(request.previous),
      request.volatility,
      request.stepSeconds,
      timeMs,
    );
    // The volume is made up too (1–20 lots), drawn from its own seeded generator.
    const volume = 1n + BigInt(Math.floor(seededRandom(`${this.seed}:${request.symbol}:${timeMs}:volume`)() * 20));
    return { price: toScaledPrice(next, request.precision), volume };
  }

  /** The price one step after `previous`, for the tick stamped `timeMs`. */
  next(symbol: string, previous: number, sigma: number, dtSeconds: number, timeMs: number): number {
    const random = seededRandom(`${this.seed}:${symbol}:${timeMs}`);
    return gbmStep(previous, sigma, dtSeconds, gaussian(random));
  }
}
