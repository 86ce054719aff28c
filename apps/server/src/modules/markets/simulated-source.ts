import type { CommittedPaths } from '../fair-epochs/committed-paths.js';
import { type PriceSource, SIMULATED_SOURCE, type TickPrice, type TickRequest } from './price-source.js';

/**
 * The built-in price source, labelled "simulated" wherever prices show. Its prices are the committed
 * paths of issue 13 section 2 (fair-epochs/committed-paths.ts, docs/provably-fair.md): each second's
 * price is an integer function of an epoch seed committed 24 epochs ahead, so nobody, the house
 * included, can steer it once orders can be placed. The floating-point walk below draws only the
 * synthetic history of a new platform (history.ts), before its first committed epoch.
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

  /** `seed` (MARKET_SEED) draws the made-up volumes; the prices are the committed paths'. */
  constructor(
    private readonly seed: string,
    readonly paths: CommittedPaths,
  ) {}

  prepare(time: Date): Promise<void> {
    return this.paths.prepare(time.getTime());
  }

  /** The committed path's price at the tick's second; none when the product has no usable path. */
  priceAt(request: TickRequest): TickPrice | null {
    const timeMs = request.time.getTime();
    const price = this.paths.priceAt(request.symbol, Math.floor(timeMs / 1000));
    if (price === null) return null;
    // The volume is made up (1–20 lots), drawn from its own seeded generator: no part of the path.
    const volume = 1n + BigInt(Math.floor(seededRandom(`${this.seed}:${request.symbol}:${timeMs}:volume`)() * 20));
    return { price, volume };
  }
}
