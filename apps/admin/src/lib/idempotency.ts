const KEY_BYTES = 16;

/**
 * A fresh `Idempotency-Key` for one operator decision. `crypto.randomUUID` needs a secure context, and
 * back offices are sometimes reached over plain http on an internal address: random bytes work everywhere.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
