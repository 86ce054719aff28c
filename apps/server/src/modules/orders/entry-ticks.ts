import type { Db } from '../../db/client.js';
import { ticksInSpan } from '../markets/market-reads.js';

export interface EntryTick {
  time: Date;
  price: bigint;
}

interface Waiter {
  symbol: string;
  afterMs: number;
  /** The entry must be at or before this time; past it (and the grace) the answer is null. */
  latestMs: number;
  giveUpAtMs: number;
  resolve: (tick: EntryTick | null) => void;
  reject: (error: unknown) => void;
}

const POLL_MS = 100;

/**
 * Orders waiting for their entry tick (DESIGN.md 6.4: the first tick recorded strictly after
 * acceptance). All the orders of one database handle share one query per poll, so a few hundred
 * orders in flight cost the database ten reads a second instead of a few thousand, which used to
 * starve the price engine of connections and delay the very ticks the orders were waiting for.
 * In the process that runs the engine, a recorded tick wakes the poll at once.
 */
export class EntryTickWatcher {
  private readonly waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | null = null;
  private isPolling = false;
  private isWakeQueued = false;

  constructor(private readonly db: Db) {}

  /**
   * The first tick of `symbol` recorded strictly after `after`, if it is at or before `latestMs`;
   * null when none is (known once a later tick is in, or at `giveUpAtMs`).
   */
  wait(input: { symbol: string; after: Date; latestMs: number; giveUpAtMs: number }): Promise<EntryTick | null> {
    return new Promise((resolve, reject) => {
      this.waiters.add({
        symbol: input.symbol,
        afterMs: input.after.getTime(),
        latestMs: input.latestMs,
        giveUpAtMs: input.giveUpAtMs,
        resolve,
        reject,
      });
      this.schedule(POLL_MS);
    });
  }

  /**
   * Stops polling; whoever still waits is answered "no entry". The order desk takes that for no
   * verdict: the settlement worker's sweep records the entry or voids (settling.ts decideMissedEntries).
   */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const waiter of [...this.waiters]) this.settle(waiter, () => waiter.resolve(null));
  }

  /** A tick was recorded: look now rather than at the next poll. */
  wake(): void {
    if (this.isWakeQueued) return;
    this.isWakeQueued = true;
    setImmediate(() => {
      this.isWakeQueued = false;
      this.schedule(0);
    });
  }

  private schedule(delayMs: number): void {
    if (this.isPolling || this.waiters.size === 0) return;
    if (this.timer) {
      if (delayMs > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delayMs);
  }

  private async poll(): Promise<void> {
    this.isPolling = true;
    const waiting = [...this.waiters];
    // The clock is read before the ticks: a waiter gives up only when a read that began after its
    // deadline found nothing, so a tick recorded in time counts however late the poll runs.
    const now = Date.now();
    try {
      const found = bySymbol(await this.ticksFor(waiting));
      for (const waiter of waiting) {
        const entry = firstAfter(found.get(waiter.symbol), waiter.afterMs);
        if (entry && entry.time.getTime() <= waiter.latestMs) this.settle(waiter, () => waiter.resolve(entry));
        else if (entry || now >= waiter.giveUpAtMs) this.settle(waiter, () => waiter.resolve(null));
      }
    } catch (error) {
      for (const waiter of waiting) this.settle(waiter, () => waiter.reject(error));
    } finally {
      this.isPolling = false;
      this.schedule(POLL_MS);
    }
  }

  private settle(waiter: Waiter, answer: () => void): void {
    this.waiters.delete(waiter);
    answer();
  }

  /** The recorded ticks of the waiting symbols in the span the waiters care about, oldest first. */
  private ticksFor(waiting: Waiter[]) {
    const symbols = [...new Set(waiting.map((w) => w.symbol))];
    const fromMs = Math.min(...waiting.map((w) => w.afterMs));
    // One tick past the latest allowed entry tells a waiter that its entry will never come.
    const toMs = Math.max(...waiting.map((w) => w.latestMs)) + 1_000;
    return ticksInSpan(this.db, symbols, fromMs, toMs);
  }
}

type FoundTick = EntryTick & { symbol: string };

/** The ticks (oldest first) per symbol. */
function bySymbol(found: readonly FoundTick[]): Map<string, FoundTick[]> {
  const map = new Map<string, FoundTick[]>();
  for (const tick of found) {
    const list = map.get(tick.symbol);
    if (list) list.push(tick);
    else map.set(tick.symbol, [tick]);
  }
  return map;
}

/** The first of a symbol's sorted ticks stamped after `afterMs`, by binary search (a thousand orders can wait on one poll). */
function firstAfter(sorted: readonly FoundTick[] | undefined, afterMs: number): FoundTick | undefined {
  if (!sorted) return undefined;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.time.getTime() > afterMs) hi = mid;
    else lo = mid + 1;
  }
  return sorted[lo];
}
