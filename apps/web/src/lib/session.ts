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

/** True after the user logged out themself: guards then send them to /login without a way back. */
let isEndedByUser = false;

export function startSession(token: string): void {
  isEndedByUser = false;
  setToken(token);
  emit();
}

export function endSession(options: { byUser?: boolean } = {}): void {
  if (getToken() === null) return;
  isEndedByUser = options.byUser === true;
  setToken(null);
  emit();
}

export function wasEndedByUser(): boolean {
  return isEndedByUser;
}

export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => getToken() !== null);
}
