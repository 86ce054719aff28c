import type { AdjustmentRequest, Journal } from '@app/contract/ledger';
import { parseAmount } from '@app/contract/money';
import type { Db, DbOrTx } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import type { DomainEvents } from '../../domain-events.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { findJournal } from '../ledger/ledger.reads.js';
import { postJournal } from '../ledger/ledger.service.js';
import { getUserOrThrow } from '../users/users.service.js';

/**
 * Balance adjustments: a finance operator credits or debits a user's available balance, with a
 * reason, as one audited journal against the platform's adjustments account.
 */

export interface AdjustmentOrigin {
  /** The client's Idempotency-Key, else the request id: a double click with the same key posts once. */
  requestKey: string;
  /** The HTTP request that asked for it, kept as the journal's reference. */
  requestId: string;
}

/** Posts the adjustment (or replays it for a key already used) and answers the journal of that key. */
export async function postAdjustment(
  db: Db,
  events: DomainEvents,
  input: AdjustmentRequest,
  actor: AuditActor,
  origin: AdjustmentOrigin,
): Promise<Journal> {
  const { direction, amount, reason } = input;
  const user = await getUserOrThrow(db, Number(input.userId));
  const minor = parseAmount(amount);
  const signed = direction === 'credit' ? minor : -minor;
  const posted = await transact(db, async (tx) => {
    const journal = await postJournal(tx, {
      kind: 'adjustment',
      idempotencyKey: `adjustment:${actor.adminId}:${origin.requestKey}`,
      reference: { type: 'adjustment', id: origin.requestId },
      adminId: actor.adminId,
      memo: reason,
      postings: [
        { account: { userId: user.id, kind: 'available' }, amount: signed },
        { account: { platform: 'adjustments' }, amount: -signed },
      ],
    });
    await recordAudit(tx, actor, {
      action: 'ledger.adjustment',
      targetType: 'user',
      targetId: user.id,
      after: { direction, amount, reason, journalId: journal.journalId },
    });
    return journal;
  });
  events.balanceChanged(user.id);
  return adjustmentJournal(db, posted.journalId);
}

/** The journal the adjustment posted (or, for a repeated key, posted before), by its id. */
async function adjustmentJournal(db: DbOrTx, journalId: number): Promise<Journal> {
  const journal = await findJournal(db, journalId);
  if (!journal) throw new Error(`adjustment journal ${journalId} not found`);
  return journal;
}
