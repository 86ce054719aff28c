import { createContext, useContext, useEffect, useState } from 'react';

/**
 * The time countdowns read. Screens use the system clock, which steps once a second while anything
 * listens; tests inject a clock they move by hand (no real-time waits).
 */
export interface Clock {
  now: () => number;
  /** `listener` runs at each step of the clock. */
  subscribe: (listener: () => void) => () => void;
}

const STEP_MS = 1_000;

function createSystemClock(): Clock {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    now: () => Date.now(),
    subscribe(listener) {
      listeners.add(listener);
      timer ??= setInterval(() => {
        for (const one of listeners) one();
      }, STEP_MS);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}

export interface ManualClock extends Clock {
  set: (ms: number) => void;
  advance: (ms: number) => void;
}

/** A clock a test moves with `set` / `advance` (every listener hears each move). */
export function createManualClock(startMs: number): ManualClock {
  const listeners = new Set<() => void>();
  let current = startMs;
  const set = (ms: number) => {
    current = ms;
    for (const one of listeners) one();
  };
  return {
    now: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
    advance: (ms: number) => set(current + ms),
  };
}

export const SYSTEM_CLOCK = createSystemClock();
export const ClockContext = createContext<Clock>(SYSTEM_CLOCK);

export function useClock(): Clock {
  return useContext(ClockContext);
}

/** The clock's time, read again at each of its steps while `enabled`. */
export function useClockNow(enabled = true): number {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(clock.now());
    return clock.subscribe(() => setNow(clock.now()));
  }, [clock, enabled]);
  return now;
}
