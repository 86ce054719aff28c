import { VISITOR_TOKEN_HEADER } from '@app/contract/support';
import { getToken } from '../../lib/storage';

/**
 * A signed-out visitor's support conversation is theirs by a random 128-bit token kept on this
 * device (the server stores only its hash). Signing in on the same device takes the chat along.
 */
export const VISITOR_STORAGE_KEY = 'supportVisitor';
const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

export function readVisitorToken(): string | null {
  try {
    const value = window.localStorage.getItem(VISITOR_STORAGE_KEY);
    return value && TOKEN_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The visitor token, created on first use. */
export function ensureVisitorToken(): string {
  const existing = readVisitorToken();
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    window.localStorage.setItem(VISITOR_STORAGE_KEY, token);
  } catch {
    // Private mode: the chat lasts for this page only.
  }
  return token;
}

/** Headers of every support call: the visitor token when signed out (created then), or when one exists. */
export function supportHeaders(): Record<string, string> {
  const token = getToken() ? readVisitorToken() : ensureVisitorToken();
  return token ? { [VISITOR_TOKEN_HEADER]: token } : {};
}
