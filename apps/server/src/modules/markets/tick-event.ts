import type { KlineInterval } from '@app/contract/markets';
import type { CandleValue } from './candles.js';

/** A tick as the engine records it, with the candles it changed: what the live feed and the waiting orders hear. */
export interface TickEvent {
  symbol: string;
  time: Date;
  price: bigint;
  candles: Array<{ interval: KlineInterval; candle: CandleValue }>;
}
