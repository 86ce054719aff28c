import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/**
 * One evaluator pass at a time across processes, and none while an alert is being armed. A pass holds
 * this transaction-scoped advisory lock alone, and only tries for it (a pass that cannot have it does
 * nothing: the next one comes within a second). A transaction that arms an alert holds it shared,
 * taken before it stamps `armed_at`, until it commits. So a pass never moves a symbol's cursor past
 * the arming of an alert it cannot see yet: the arming committed before the pass began (and the pass
 * sees it), or it was stamped after the pass committed (after every tick the pass read).
 */
const EVALUATOR_LOCK_ID = 1_500_015;

/** For a pass: the lock alone, or false at once when a pass or an arming holds it. */
export async function tryLockForPass(tx: Tx): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(${EVALUATOR_LOCK_ID}) AS locked`,
  );
  return row?.locked === true;
}

/** For an arming, before `armed_at` is stamped: waits for a pass in progress to end (passes are bounded). */
export async function lockForArming(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${EVALUATOR_LOCK_ID})`);
}
