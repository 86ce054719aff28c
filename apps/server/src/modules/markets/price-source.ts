/**
 * Where a product's prices come from (DESIGN.md 6.4: the engine's source is pluggable). The engine
 * asks a source for the price of each tick it records; the API labels every product with its
 * source's name. Both decide it here, from the configuration, so the label cannot disagree with
 * the prices.
 */
export const SIMULATED_SOURCE = 'simulated';
export const LIVE_SOURCE = 'live';
export type PriceSourceName = typeof SIMULATED_SOURCE | typeof LIVE_SOURCE;

/** The products a live trade stream feeds (config.marketStream); none when it is not configured. */
export interface MarketStreamConfig {
  url: string;
  symbols: readonly string[];
}

/** The one place that says which source feeds a product, for the engine and for the API's label. */
export function priceSourceOf(symbol: string, stream: MarketStreamConfig | null): PriceSourceName {
  return stream?.symbols.includes(symbol) ? LIVE_SOURCE : SIMULATED_SOURCE;
}

/** The public config's `marketSource`: "simulated" when every product is, "mixed" with a live stream. */
export function marketSourceSummary(stream: MarketStreamConfig | null): string {
  return stream ? 'mixed' : SIMULATED_SOURCE;
}

/** What the engine knows about a product when it asks for the next tick's price. */
export interface TickRequest {
  symbol: string;
  /** The last recorded price (scaled by 10^8). */
  previous: bigint;
  precision: number;
  /** Annual volatility, for sources that model the price. */
  volatility: number;
  /** The tick's time, on the server clock that stamps it. */
  time: Date;
  stepSeconds: number;
}

export interface TickPrice {
  /** Scaled by 10^8 and rounded to the product's precision. */
  price: bigint;
  volume: bigint;
  /** The exchange's id of the trade this price is from (a streamed product), recorded with the tick. */
  tradeId?: string;
}

export interface PriceSource {
  readonly name: PriceSourceName;
  /** The price to record for this tick, or null when the source has no current price (no tick is recorded). */
  priceAt(request: TickRequest): TickPrice | null;
  /** Called before the ticks of each step are asked for (the simulated source enters a new epoch there). */
  prepare?(time: Date): Promise<void>;
  /** Called when this process starts leading the engine, and when it stops. */
  start?(): void;
  stop?(): Promise<void>;
}
