import { parseFiat, usdtMinorOfFiat } from '@app/contract/fiat';
import { formatAmount, parseAmount } from '@app/contract/money';
import type { AdminDeposit, ConfirmDepositRequest, DepositStatus } from '@app/contract/wallet';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import type { DomainEvents } from '../../domain-events.js';
import { AppError } from '../../http/app-error.js';
import { readImage } from '../../lib/uploads.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { postJournal } from '../ledger/ledger.service.js';
import { onDepositConfirmed } from '../referral/referral.service.js';
import { getUserOrThrow, usernamesByIds } from '../users/users.service.js';
import { toDeposit } from './deposits.service.js';
import { deposits } from './wallet.tables.js';

/** Back office of deposits (DESIGN.md 6.3): the finance queue, the proof image, confirm once or reject. */

type DepositRow = typeof deposits.$inferSelect;

/** The largest proof file served back; uploads are capped lower (5 MiB, wallet.routes.ts). */
const PROOF_READ_BYTES_MAX = 6 * 1024 * 1024;

export function toAdminDeposit(row: DepositRow, username: string): AdminDeposit {
  return {
    ...toDeposit(row),
    userId: String(row.userId),
    username,
    note: row.note,
    reviewedBy: row.reviewedBy === null ? null : String(row.reviewedBy),
  };
}

/**
 * What a confirmation credits. A deposit with a locked rate may be confirmed by the fiat that arrived:
 * the USDT follows from the locked rate (the request's own amount when the expected fiat arrived). Either
 * way a credit other than the requested amount needs a note.
 */
function creditOf(before: DepositRow, input: ConfirmDepositRequest): { credited: bigint; fiatReceived: bigint | null } {
  if (input.fiatReceived === undefined) {
    const credited = input.amount ? parseAmount(input.amount) : before.amount;
    return { credited, fiatReceived: credited === before.amount ? before.fiatAmountMinor : null };
  }
  if (input.amount !== undefined || before.fiatCurrency === null || before.fiatRate === null)
    throw new AppError('validation_failed', { fieldKeys: { fiatReceived: 'invalid' } });
  const fiatReceived = parseFiat(input.fiatReceived, before.fiatCurrency);
  if (fiatReceived === null || fiatReceived <= 0n)
    throw new AppError('validation_failed', { fieldKeys: { fiatReceived: 'amount_invalid' } });
  const credited =
    fiatReceived === before.fiatAmountMinor
      ? before.amount
      : usdtMinorOfFiat(fiatReceived, before.fiatRate, before.fiatCurrency);
  if (credited <= 0n) throw new AppError('validation_failed', { fieldKeys: { fiatReceived: 'amount_invalid' } });
  return { credited, fiatReceived };
}

export async function listDeposits(
  db: DbOrTx,
  filter: { status?: DepositStatus; userId?: number },
  page: { page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(deposits.status, filter.status));
  if (filter.userId !== undefined) conditions.push(eq(deposits.userId, filter.userId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(deposits).where(where),
  ]);
  const names = await usernamesByIds(
    db,
    rows.map((d) => d.userId),
  );
  const list = rows.map((d) => toAdminDeposit(d, names.get(d.userId) ?? ''));
  return { list, total: totalRow?.total ?? 0, ...page };
}

/** The proof image the depositor uploaded; not_found when there is none (or it is gone from disk). */
export async function depositProof(db: DbOrTx, dataDir: string, id: number) {
  const [deposit] = await db.select().from(deposits).where(eq(deposits.id, id));
  const image = deposit?.proofFile
    ? await readImage(dataDir, 'deposits', deposit.proofFile, PROOF_READ_BYTES_MAX)
    : null;
  if (!image) throw new AppError('not_found');
  return image;
}

/**
 * Credits a pending deposit exactly once: the status moves pending → confirmed in one conditional
 * update, and the journal key is the deposit's own, so two operators (or two clicks) credit once.
 */
export async function confirmDeposit(
  db: Db,
  events: DomainEvents,
  id: number,
  input: ConfirmDepositRequest,
  actor: AuditActor,
): Promise<AdminDeposit> {
  const row = await transact(db, async (tx) => {
    const [before] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    if (before.status !== 'pending') throw new AppError('deposit_not_pending');
    const { credited, fiatReceived } = creditOf(before, input);
    if (credited !== before.amount && !input.note) throw new AppError('adjustment_note_required');
    const [after] = await tx
      .update(deposits)
      .set({
        status: 'confirmed',
        creditedAmount: credited,
        fiatReceivedMinor: fiatReceived,
        note: input.note ?? null,
        reviewedAt: sql`now()`,
        reviewedBy: actor.adminId,
      })
      .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
      .returning();
    if (!after) throw new AppError('deposit_not_pending');
    await postJournal(tx, {
      kind: 'deposit',
      idempotencyKey: `deposit:${id}:confirm`,
      reference: { type: 'deposit', id },
      adminId: actor.adminId,
      memo: input.note,
      postings: [
        { account: { platform: 'deposits' }, amount: -credited },
        { account: { userId: before.userId, kind: 'available' }, amount: credited },
      ],
    });
    // The depositor now qualifies their inviter: the inviter's level moves with this confirmation.
    await onDepositConfirmed(tx, before.userId);
    await auditDecision(tx, actor, 'deposit.confirm', before, after);
    return after;
  });
  return answerOf(db, events, row);
}

export async function rejectDeposit(
  db: Db,
  events: DomainEvents,
  id: number,
  reason: string,
  actor: AuditActor,
): Promise<AdminDeposit> {
  const row = await transact(db, async (tx) => {
    const [before] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const [after] = await tx
      .update(deposits)
      .set({ status: 'rejected', rejectReason: reason, reviewedAt: sql`now()`, reviewedBy: actor.adminId })
      .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
      .returning();
    if (!after) throw new AppError('deposit_not_pending');
    await auditDecision(tx, actor, 'deposit.reject', before, after);
    return after;
  });
  return answerOf(db, events, row);
}

function auditDecision(
  tx: DbOrTx,
  actor: AuditActor,
  action: 'deposit.confirm' | 'deposit.reject',
  before: DepositRow,
  after: DepositRow,
) {
  return recordAudit(tx, actor, {
    action,
    targetType: 'deposit',
    targetId: after.id,
    before: { status: before.status },
    after: {
      status: after.status,
      creditedAmount: after.creditedAmount === null ? null : after.creditedAmount.toString(),
      fiatReceivedMinor: after.fiatReceivedMinor === null ? null : after.fiatReceivedMinor.toString(),
      note: after.note,
      reason: after.rejectReason,
    },
  });
}

/** After a decision (committed): told to the app (the user's cached profile shows balances), then answered. */
async function answerOf(db: DbOrTx, events: DomainEvents, row: DepositRow): Promise<AdminDeposit> {
  events.balanceChanged(row.userId);
  events.accountChanged(row.userId);
  if (row.status === 'confirmed') {
    events.userNotice({
      userId: row.userId,
      kind: 'deposit_credited',
      params: { id: String(row.id), amount: formatAmount(row.creditedAmount ?? row.amount) },
      key: `deposit:${row.id}:credited`,
    });
  }
  const user = await getUserOrThrow(db, row.userId);
  return toAdminDeposit(row, user.username);
}
