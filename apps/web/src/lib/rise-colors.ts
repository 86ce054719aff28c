import { useSyncExternalStore } from 'react';

/**
 * Which colour means "up": green (the default, as in most markets) or red (as users in Taiwan and
 * mainland China read prices). A choice of this device, like the language: stored under `riseColor`
 * and applied as `<html data-rise>`, which swaps the --rise / --fall colours every screen uses.
 */
export const RISE_COLORS = ['green', 'red'] as const;
export type RiseColor = (typeof RISE_COLORS)[number];

export const RISE_COLOR_STORAGE_KEY = 'riseColor';

const listeners = new Set<() => void>();

function read(): RiseColor {
  try {
    return window.localStorage.getItem(RISE_COLOR_STORAGE_KEY) === 'red' ? 'red' : 'green';
  } catch {
    return 'green';
  }
}

let current: RiseColor = typeof window === 'undefined' ? 'green' : read();

function apply(color: RiseColor): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.rise = color;
}

/** At start: the stored choice, before the first screen paints. */
export function applyStoredRiseColor(): void {
  current = read();
  apply(current);
}

export function getRiseColor(): RiseColor {
  return current;
}

export function setRiseColor(color: RiseColor): void {
  current = color;
  try {
    window.localStorage.setItem(RISE_COLOR_STORAGE_KEY, color);
  } catch {
    // Storage refused (private mode): the choice lasts for this visit.
  }
  apply(color);
  for (const listener of listeners) listener();
}

export function useRiseColor(): RiseColor {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getRiseColor,
    () => 'green',
  );
}
