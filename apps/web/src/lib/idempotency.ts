import { useRef } from 'react';
import { isApiError } from './api/api-error';

/** A random key; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per submission attempt: asking again with the same request (after a timeout or a lost
 * answer) reuses it, so the server moves money at most once; a changed request gets a new key.
 * `release` after a definite answer from the server, so the next attempt is a new one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(fingerprint: string): string {
      if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
      return current.current.key;
    },
    release(): void {
      current.current = null;
    },
    /** After a failure: the key stays only when the answer was lost (network, timeout, abort). */
    settle(error: unknown): void {
      if (isApiError(error) && error.status > 0) current.current = null;
    },
  };
}
