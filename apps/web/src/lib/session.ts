import { useSyncExternalStore } from 'react';
import { getToken, setToken, TOKEN_STORAGE_KEY } from './storage';

/** The session is the stored token; components re-render when it changes (here or in another tab). */
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function startSession(token: string): void {
  setToken(token);
  emit();
}

export function endSession(): void {
  if (getToken() === null) return;
  setToken(null);
  emit();
}

export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => getToken() !== null);
}
