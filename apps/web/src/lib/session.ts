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

/**
 * True from the moment the user asks to log out until the session has ended. The server ends the
 * session and tells every tab (issue 14): a 401 or a 'session ended' push that arrives before the
 * logout's own answer is expected then, and must not send the user to /login with a way back.
 */
let isLeaving = false;

export function beginLeaving(): void {
  isLeaving = true;
}

export function isLeavingSession(): boolean {
  return isLeaving && getToken() !== null;
}

export function startSession(token: string): void {
  isEndedByUser = false;
  isLeaving = false;
  setToken(token);
  emit();
}

export function endSession(options: { byUser?: boolean } = {}): void {
  isLeaving = false;
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
