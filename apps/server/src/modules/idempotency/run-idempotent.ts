import { randomUUID } from 'node:crypto';
import { ERRORS, type ErrorName } from '@app/contract/errors';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import { AppError, isAppError } from '../../http/app-error.js';
import { idempotencyKeys } from './idempotency.tables.js';

/**
 * The one path of every call that moves money with an `Idempotency-Key` (DESIGN.md 4), in the shape
 * of formancehq/ledger's forgeLog: in ONE transaction, claim the key (a concurrent copy waits on
 * the key's row until this commits), do the work, and store its outcome under the key. A replay
 * finds the stored outcome and gets it again, moving nothing; the same key with another request is
 * refused. Because the key, the money and the answer commit together, a crash leaves either all of
 * them or none: nothing to clean up, nothing paid twice.
 *
 * Stored outcomes: an answer (the work's value, as JSON) or a refusal (the AppError's name and
 * data: a refused request stays refused, even once it could succeed). Anything else (a bug, the
 * database away) rolls the claim back too, so the client may try again with the same key.
 *
 * order/create places the orders of many requests in one batch transaction (order-placer.ts): there
 * an order's own row is its stored answer (its request key, looked up in the placement snapshot),
 * and refusals are stored with `recordRefusal`, in the same encoding as here.
 */

/** A signed-in user's key and the hash of what they asked (method, route and body). */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  requestHash: string;
}

export interface IdempotentResult<T> {
  value: T;
  /** True when this is the stored answer of an earlier request with the key. */
  replayed: boolean;
}

/** The key to keep on a row the work creates (for tracing): the client's key, or a fresh one. */
export function rowKeyOf(claim: IdempotencyClaim | null): string {
  return claim?.key ?? randomUUID();
}

/**
 * Runs `work` in a transaction, exactly once per key: see the module comment. Without a claim (no
 * header), just the transaction. The transaction is retried whole on a deadlock or serialization failure.
 */
export async function runIdempotent<T>(
  db: Db,
  claim: IdempotencyClaim | null,
  work: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (!claim) return { value: await transact(db, work), replayed: false };
  const outcome = await transact(db, async (tx): Promise<Outcome<T>> => {
    const stored = await claimKey(tx, claim);
    if (stored) return { ...stored, replayed: true } as Outcome<T>;
    try {
      // A savepoint: a refusal undoes the work's writes but keeps the claim, which stores it.
      const value = await tx.transaction((savepoint) => work(savepoint));
      await storeOutcome(tx, claim, 200, encodeAnswer(value));
      return { kind: 'answer', value, replayed: false };
    } catch (error) {
      if (!isStorableRefusal(error)) throw error;
      await storeOutcome(tx, claim, error.status, encodeRefusal(error));
      return { kind: 'refusal', error, replayed: false };
    }
  });
  if (outcome.kind === 'answer') return { value: outcome.value, replayed: outcome.replayed };
  if (outcome.replayed) outcome.error.replayed = true;
  throw outcome.error;
}

/**
 * Stores a refusal under the key outside `runIdempotent` (order/create's batches, after their
 * transaction); a key that already holds an outcome keeps it.
 */
export async function recordRefusal(db: DbOrTx, claim: IdempotencyClaim, error: AppError): Promise<void> {
  if (!isStorableRefusal(error)) return;
  await db
    .insert(idempotencyKeys)
    .values({
      userId: claim.userId,
      key: claim.key,
      requestHash: claim.requestHash,
      status: 'done',
      responseStatus: error.status,
      responseBody: encodeRefusal(error),
    })
    .onConflictDoNothing();
}

/**
 * What an outcome stored under a key replays as (the caller has compared the request hashes): its
 * value, or its refusal thrown again, marked replayed.
 */
export function replayStored(stored: { status: number | null; body: string }): unknown {
  const outcome = decodeOutcome(stored.status ?? 200, stored.body);
  if (outcome.kind === 'answer') return outcome.value;
  outcome.error.replayed = true;
  throw outcome.error;
}

type Outcome<T> =
  | { kind: 'answer'; value: T; replayed: boolean }
  | { kind: 'refusal'; error: AppError; replayed: boolean };

type Decoded = { kind: 'answer'; value: unknown } | { kind: 'refusal'; error: AppError };

/**
 * Claims the key for this transaction, or answers what it already holds. The insert waits while
 * another transaction holds the same key uncommitted, then finds its outcome.
 */
async function claimKey(tx: Tx, claim: IdempotencyClaim): Promise<Decoded | null> {
  const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
  for (;;) {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash, status: 'in_progress' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return null;
    const [row] = await tx.select().from(idempotencyKeys).where(where);
    if (!row) continue;
    if (row.requestHash !== claim.requestHash) throw new AppError('idempotency_key_reused_with_other_body');
    // Committed and unfinished: a claim left by an older version that took keys outside the work's
    // transaction, whose process died. The work never committed with it: take the key over.
    if (row.status !== 'done') {
      await tx.delete(idempotencyKeys).where(where);
      continue;
    }
    return decodeOutcome(row.responseStatus ?? 200, row.responseBody ?? '');
  }
}

async function storeOutcome(tx: Tx, claim: IdempotencyClaim, status: number, body: string): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
}

/** A refusal worth keeping: an expected 4xx about the request (a 409 is about the key itself). */
function isStorableRefusal(error: unknown): error is AppError {
  return isAppError(error) && error.status >= 400 && error.status < 500 && error.status !== 409;
}

function encodeAnswer(value: unknown): string {
  return JSON.stringify({ answer: value ?? null });
}

function encodeRefusal(error: AppError): string {
  return JSON.stringify({ refusal: error.errorName, data: error.data ?? null });
}

const ERROR_NAMES_BY_CODE = new Map(
  (Object.entries(ERRORS) as Array<[ErrorName, { code: number }]>).map(([name, { code }]) => [code, name]),
);

function decodeOutcome(status: number, body: string): Decoded {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {}
  if ('answer' in parsed) return { kind: 'answer', value: parsed.answer };
  if (typeof parsed.refusal === 'string' && parsed.refusal in ERRORS) {
    return { kind: 'refusal', error: new AppError(parsed.refusal as ErrorName, parsed.data ?? null) };
  }
  // Stored by an older version: the envelope as first sent ({ code, msg, data }).
  const name = typeof parsed.code === 'number' ? ERROR_NAMES_BY_CODE.get(parsed.code) : undefined;
  if (parsed.code === 0) return { kind: 'answer', value: parsed.data ?? null };
  if (name && status >= 400) return { kind: 'refusal', error: new AppError(name, parsed.data ?? null) };
  return { kind: 'refusal', error: new AppError('internal_error') };
}
