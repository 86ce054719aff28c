import type { KlineInterval } from '@app/contract/markets';
import type { ServerMessage } from '@app/contract/realtime';
import type { DbOrTx } from '../../db/client.js';
import { lastTick, latestCandle } from '../markets/markets.service.js';
import { formatPrice } from '../markets/prices.js';
import { toCandleWire } from './realtime.publish.js';

/**
 * What a new subscriber gets right away, in the shape of a live push: the latest recorded tick, or
 * the current candle of the interval, so a screen never sits empty until the next tick. Null when
 * nothing is recorded yet.
 */
export async function loadSnapshot(
  db: DbOrTx,
  symbol: string,
  interval: KlineInterval | undefined,
  precision: number,
): Promise<ServerMessage | null> {
  if (interval === undefined) {
    const tick = await lastTick(db, symbol);
    return tick
      ? { type: 'tick', symbol, time: tick.time.toISOString(), price: formatPrice(tick.price, precision) }
      : null;
  }
  const candle = await latestCandle(db, symbol, interval);
  return candle ? { type: 'candle', symbol, interval, candle: toCandleWire(candle, precision) } : null;
}
