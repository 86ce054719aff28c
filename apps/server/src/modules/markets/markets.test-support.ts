import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { MarketEngine } from './engine.js';
import { products } from './markets.tables.js';

/**
 * Drives the engine in tests: a step every `intervalMs`, one at a time (like the real schedule,
 * steps never overlap), stamped by the clock; the engine records the first step of each second.
 * Answers a function that stops it and waits.
 */
export function startTicker(engine: MarketEngine, intervalMs = 200): () => Promise<void> {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await engine.step(new Date());
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/**
 * A market for order tests: the catalogue with its history, BTCUSDT with an extra 2 s period (short
 * periods keep the tests fast; the rules are the same for any length), and the engine ticking.
 * Answers the engine and a function that stops the ticking.
 */
export async function startTestMarket(database: Database, seed: string) {
  const engine = new MarketEngine(database, seed, { info: () => {}, error: () => {} });
  await engine.start();
  await engine.stop();
  const [btc] = await database.db.select().from(products).where(eq(products.symbol, 'BTCUSDT'));
  await database.db
    .update(products)
    .set({
      periods: [
        { seconds: 2, payoutRateBp: 8500, minStakeMinor: '10000000', maxStakeMinor: '1000000000' },
        ...btc!.periods,
      ],
    })
    .where(eq(products.symbol, 'BTCUSDT'));
  return { engine, stopTicker: startTicker(engine, 200) };
}
