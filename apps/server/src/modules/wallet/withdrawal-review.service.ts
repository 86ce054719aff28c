import { formatAmount } from '@app/contract/money';
import type { AdminWithdrawal, WithdrawalStatus } from '@app/contract/wallet';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import type { DomainEvents } from '../../domain-events.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { postJournal } from '../ledger/ledger.service.js';
import { getUserOrThrow, usernamesByIds } from '../users/users.service.js';
import { withdrawals } from './wallet.tables.js';
import { toWithdrawal } from './withdrawals.service.js';

/**
 * Back office of withdrawals (DESIGN.md 6.3): the finance queue, approval (maker-checker for large
 * amounts) with the payout, and rejection that returns the frozen amount. Each decision is audited.
 */

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * What the operator copies to pay out: the card's or address's fields, without the stored `type` (the
 * withdrawal's method says it) and without empty ones (an address without a label).
 */
function payoutDetail(destination: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(destination).filter(([key, value]) => key !== 'type' && value !== ''));
}

export function toAdminWithdrawal(row: WithdrawalRow, username: string): AdminWithdrawal {
  // The explorer link is the user's; the operator sees the reference as recorded.
  const { payoutUrl: _userLink, ...withdrawal } = toWithdrawal(row, '');
  return {
    ...withdrawal,
    userId: String(row.userId),
    username,
    destinationDetail: payoutDetail(row.destination),
    payoutReference: row.payoutReference,
    firstApprovedBy: row.firstApprovedBy === null ? null : String(row.firstApprovedBy),
    decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
    needsSecondApproval: row.needsSecondApproval,
  };
}

export async function listWithdrawals(
  db: DbOrTx,
  filter: { status?: WithdrawalStatus; userId?: number },
  page: { page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(withdrawals.status, filter.status));
  if (filter.userId !== undefined) conditions.push(eq(withdrawals.userId, filter.userId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  const names = await usernamesByIds(
    db,
    rows.map((w) => w.userId),
  );
  const list = rows.map((w) => toAdminWithdrawal(w, names.get(w.userId) ?? ''));
  return { list, total: totalRow?.total ?? 0, ...page };
}

/**
 * Approves a withdrawal. Below the threshold one approval pays it out; at or above it the first
 * approval is recorded and a different operator's approval pays it out.
 */
export async function approveWithdrawal(
  db: Db,
  events: DomainEvents,
  id: number,
  payoutReference: string | undefined,
  actor: AuditActor,
): Promise<AdminWithdrawal> {
  const adminId = actor.adminId;
  const row = await transact(db, async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    if (before.status !== 'pending' && before.status !== 'approved') throw new AppError('withdrawal_not_pending');
    if (before.needsSecondApproval && before.status === 'pending') {
      const [after] = await tx
        .update(withdrawals)
        .set({ status: 'approved', firstApprovedBy: adminId, firstApprovedAt: sql`now()` })
        .where(eq(withdrawals.id, id))
        .returning();
      await auditDecision(tx, actor, before, after!);
      return after!;
    }
    if (before.status === 'approved' && before.firstApprovedBy === adminId) {
      throw new AppError('withdrawal_second_approver_required');
    }
    const [after] = await tx
      .update(withdrawals)
      .set({ status: 'paid', decidedBy: adminId, payoutReference: payoutReference ?? null, completedAt: sql`now()` })
      .where(eq(withdrawals.id, id))
      .returning();
    const net = before.amount - before.fee;
    await postJournal(tx, {
      kind: 'withdrawal_payout',
      idempotencyKey: `withdrawal:${id}:payout`,
      reference: { type: 'withdrawal', id },
      adminId,
      memo: payoutReference,
      postings: [
        { account: { userId: before.userId, kind: 'frozen' }, amount: -before.amount },
        { account: { platform: 'withdrawals' }, amount: net },
        ...(before.fee > 0n ? [{ account: { platform: 'fees' as const }, amount: before.fee }] : []),
      ],
    });
    await auditDecision(tx, actor, before, after!);
    return after!;
  });
  return answerOf(db, events, row);
}

export async function rejectWithdrawal(
  db: Db,
  events: DomainEvents,
  id: number,
  reason: string,
  actor: AuditActor,
): Promise<AdminWithdrawal> {
  const row = await transact(db, async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    if (before.status !== 'pending' && before.status !== 'approved') throw new AppError('withdrawal_not_pending');
    const [after] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', decidedBy: actor.adminId, rejectReason: reason, completedAt: sql`now()` })
      .where(eq(withdrawals.id, id))
      .returning();
    await postJournal(tx, {
      kind: 'withdrawal_return',
      idempotencyKey: `withdrawal:${id}:return`,
      reference: { type: 'withdrawal', id },
      adminId: actor.adminId,
      memo: reason,
      postings: [
        { account: { userId: before.userId, kind: 'frozen' }, amount: -before.amount },
        { account: { userId: before.userId, kind: 'available' }, amount: before.amount },
      ],
    });
    await auditDecision(tx, actor, before, after!, reason);
    return after!;
  });
  return answerOf(db, events, row);
}

function auditDecision(tx: DbOrTx, actor: AuditActor, before: WithdrawalRow, after: WithdrawalRow, reason?: string) {
  return recordAudit(tx, actor, {
    action:
      after.status === 'rejected'
        ? 'withdrawal.reject'
        : after.status === 'paid'
          ? 'withdrawal.pay'
          : 'withdrawal.first_approval',
    targetType: 'withdrawal',
    targetId: after.id,
    before: { status: before.status },
    after: { status: after.status, payoutReference: after.payoutReference, ...(reason ? { reason } : {}) },
  });
}

/** After a decision (committed): told to the app (the user's cached profile shows balances), then answered. */
async function answerOf(db: DbOrTx, events: DomainEvents, row: WithdrawalRow): Promise<AdminWithdrawal> {
  events.balanceChanged(row.userId);
  events.accountChanged(row.userId);
  events.userNotice({
    userId: row.userId,
    kind: 'withdrawal_state',
    params: { id: String(row.id), status: row.status, amount: formatAmount(row.amount) },
    key: `withdrawal:${row.id}:${row.status}`,
  });
  const user = await getUserOrThrow(db, row.userId);
  return toAdminWithdrawal(row, user.username);
}
