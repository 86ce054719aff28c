/**
 * When an armed alert fires (issue 15), decided from recorded ticks without I/O.
 *
 * - `above`: the first tick after arming with price ≥ level (a gap over the level fires once, at the
 *   first tick past it). It is armed only while the price is below the level, so it fires on a crossing.
 * - `below`: the first tick with price ≤ level, likewise.
 * - `move`: the first tick whose price differs from the base by at least the percent, the base being
 *   the price `windowSeconds` before that tick (the newest tick at or before then), or the price at
 *   arming when that moment is before the arming.
 */

export interface ArmedAlert {
  kind: 'above' | 'below' | 'move';
  level: bigint | null;
  percentHundredths: number | null;
  windowSeconds: number | null;
  referencePrice: bigint;
  armedAtMs: number;
}

export interface Tick {
  timeMs: number;
  price: bigint;
}

/** The price at or before a moment, if known. */
export type PriceBefore = (timeMs: number) => bigint | undefined;

/** The first of `ticks` (oldest first, all after arming) on which the alert fires, or null. */
export function firstFiringTick(alert: ArmedAlert, ticks: readonly Tick[], priceBefore: PriceBefore): Tick | null {
  for (const tick of ticks) {
    if (tick.timeMs <= alert.armedAtMs) continue;
    if (fires(alert, tick, priceBefore)) return tick;
  }
  return null;
}

function fires(alert: ArmedAlert, tick: Tick, priceBefore: PriceBefore): boolean {
  switch (alert.kind) {
    case 'above':
      return alert.level !== null && tick.price >= alert.level;
    case 'below':
      return alert.level !== null && tick.price <= alert.level;
    case 'move': {
      if (alert.percentHundredths === null || alert.windowSeconds === null) return false;
      const baseAtMs = tick.timeMs - alert.windowSeconds * 1000;
      const base = baseAtMs <= alert.armedAtMs ? alert.referencePrice : (priceBefore(baseAtMs) ?? alert.referencePrice);
      return hasMoved(base, tick.price, alert.percentHundredths);
    }
  }
}

/** |price − base| ≥ base × percent, in integers (percent in hundredths: 10 000 is 100 %). */
export function hasMoved(base: bigint, price: bigint, percentHundredths: number): boolean {
  if (base <= 0n) return false;
  const change = price >= base ? price - base : base - price;
  return change * 10_000n >= base * BigInt(percentHundredths);
}

/** The moments (tick time − window) whose earlier price a move alert needs, after its arming. */
export function baseMomentsOf(alert: ArmedAlert, ticks: readonly Tick[]): number[] {
  if (alert.kind !== 'move' || alert.windowSeconds === null) return [];
  const moments: number[] = [];
  for (const tick of ticks) {
    const at = tick.timeMs - alert.windowSeconds * 1000;
    if (tick.timeMs > alert.armedAtMs && at > alert.armedAtMs) moments.push(at);
  }
  return moments;
}
