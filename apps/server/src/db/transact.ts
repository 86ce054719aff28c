import type { Db, Tx } from './client.js';
import { hasDatabaseErrorCode } from './errors.js';

const RETRYABLE_CODES = new Set(['40001', '40P01']);
const TRANSACTION_ATTEMPTS_MAX = 5;

function isRetryable(error: unknown): boolean {
  return [...RETRYABLE_CODES].some((code) => hasDatabaseErrorCode(error, code));
}

/** Runs a money-moving transaction, retrying it whole on a deadlock or serialization failure. */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryOnConflict(() => db.transaction(work));
}

/**
 * Runs `attempt` (a transaction, or one statement that is its own) again on a deadlock or
 * serialization failure, a few times with a short random pause; any other error goes to the caller.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= TRANSACTION_ATTEMPTS_MAX || !isRetryable(error)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * n));
    }
  }
}
