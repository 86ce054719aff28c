import type { MarketEngine } from './engine.js';

/**
 * Drives the engine in tests: a step every `intervalMs`, one at a time (like the real schedule,
 * steps never overlap), stamped by the clock. Answers a function that stops it and waits.
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
