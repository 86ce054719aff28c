import { formatAmount, parseAmount } from '@app/contract/money';
import type {
  AdminDeposit,
  ConfirmDepositRequest,
  Deposit,
  DepositSubmitRequest,
  RechargeAddress,
} from '@app/contract/wallet';
import type { WalletRules } from '@app/contract/wallet-rules';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { postJournal, transact } from '../ledger/ledger.service.js';
import { onDepositConfirmed } from '../referral/referral.service.js';
import { isValidTronAddress } from './tron.js';
import { depositAddresses, deposits } from './wallet.tables.js';

/** Deposits (DESIGN.md 6.3): the user records a request; a finance operator credits it once, or rejects it. */

type DepositRow = typeof deposits.$inferSelect;

export function toDeposit(row: DepositRow): Deposit {
  return {
    id: String(row.id),
    method: row.method,
    amount: formatAmount(row.amount),
    creditedAmount: row.creditedAmount === null ? null : formatAmount(row.creditedAmount),
    txHash: row.txHash,
    hasProof: row.proofFile !== null,
    status: row.status,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The user's TRC20 deposit address: the one they have, or the next free one of the pool, for good. */
export async function rechargeAddress(db: Db, userId: number, rules: WalletRules): Promise<RechargeAddress> {
  const found = async () =>
    (
      await db
        .select()
        .from(depositAddresses)
        .where(and(eq(depositAddresses.network, 'TRC20'), eq(depositAddresses.userId, userId)))
    )[0];
  let row = await found();
  if (!row) {
    try {
      [row] = await db
        .update(depositAddresses)
        .set({ userId, assignedAt: sql`now()` })
        .where(
          sql`${depositAddresses.id} = (SELECT id FROM deposit_addresses WHERE network = 'TRC20' AND user_id IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        )
        .returning();
    } catch (error) {
      // The same user asked twice at once: the other request got the address.
      if (!isUniqueViolation(error, 'deposit_addresses_user_key')) throw error;
      row = await found();
    }
  }
  if (!row) throw new AppError('deposit_address_unavailable');
  return { address: row.address, network: 'TRC20', minAmount: rules.depositMinAmount };
}

export async function submitDeposit(
  db: Db,
  userId: number,
  input: DepositSubmitRequest & { proofFile?: string | null },
  rules: WalletRules,
  requestKey: string,
): Promise<Deposit> {
  const amount = parseAmount(input.amount);
  if (amount < parseAmount(rules.depositMinAmount)) throw new AppError('deposit_below_minimum');
  const txHash = input.method === 'trc20' ? (input.txHash?.replace(/^0x/i, '').toLowerCase() ?? null) : null;
  try {
    const [row] = await db
      .insert(deposits)
      .values({
        userId,
        method: input.method,
        amount,
        txHash,
        proofFile: input.proofFile ?? null,
        remark: input.remark ?? null,
        requestKey,
      })
      .returning();
    return toDeposit(row!);
  } catch (error) {
    if (isUniqueViolation(error, 'deposits_request_key')) {
      const [existing] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.userId, userId), eq(deposits.requestKey, requestKey)));
      if (existing) return toDeposit(existing);
    }
    if (isUniqueViolation(error, 'deposits_tx_hash_key')) throw new AppError('tx_hash_used');
    throw error;
  }
}

export async function listUserDeposits(
  db: DbOrTx,
  userId: number,
  filter: { status?: DepositRow['status'] },
  page: { page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(deposits.userId, userId)];
  if (filter.status) conditions.push(eq(deposits.status, filter.status));
  const where = and(...conditions);
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
  return { list: rows.map(toDeposit), total: totalRow?.total ?? 0, ...page };
}

// Back office

export function toAdminDeposit(row: DepositRow, username: string): AdminDeposit {
  return {
    ...toDeposit(row),
    userId: String(row.userId),
    username,
    note: row.note,
    reviewedBy: row.reviewedBy === null ? null : String(row.reviewedBy),
  };
}

export async function findDeposit(db: DbOrTx, id: number): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

/**
 * Credits a pending deposit exactly once: the status moves pending → confirmed in one conditional
 * update, and the journal key is the deposit's own, so two operators (or two clicks) credit once.
 */
export async function confirmDeposit(
  db: Db,
  id: number,
  input: ConfirmDepositRequest,
  adminId: number,
  onDone: (tx: DbOrTx, before: DepositRow, after: DepositRow) => Promise<void>,
): Promise<DepositRow> {
  return transact(db, async (tx) => {
    const [before] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    if (before.status !== 'pending') throw new AppError('deposit_not_pending');
    const credited = input.amount ? parseAmount(input.amount) : before.amount;
    if (credited !== before.amount && !input.note) throw new AppError('adjustment_note_required');
    const [after] = await tx
      .update(deposits)
      .set({
        status: 'confirmed',
        creditedAmount: credited,
        note: input.note ?? null,
        reviewedAt: sql`now()`,
        reviewedBy: adminId,
      })
      .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
      .returning();
    if (!after) throw new AppError('deposit_not_pending');
    await postJournal(tx, {
      kind: 'deposit',
      idempotencyKey: `deposit:${id}:confirm`,
      reference: { type: 'deposit', id },
      adminId,
      memo: input.note,
      postings: [
        { account: { platform: 'deposits' }, amount: -credited },
        { account: { userId: before.userId, kind: 'available' }, amount: credited },
      ],
    });
    // The depositor now qualifies their inviter: the inviter's level moves with this confirmation.
    await onDepositConfirmed(tx, before.userId);
    await onDone(tx, before, after);
    return after;
  });
}

export async function rejectDeposit(
  db: Db,
  id: number,
  reason: string,
  adminId: number,
  onDone: (tx: DbOrTx, before: DepositRow, after: DepositRow) => Promise<void>,
): Promise<DepositRow> {
  return transact(db, async (tx) => {
    const [before] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const [after] = await tx
      .update(deposits)
      .set({ status: 'rejected', rejectReason: reason, reviewedAt: sql`now()`, reviewedBy: adminId })
      .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
      .returning();
    if (!after) throw new AppError('deposit_not_pending');
    await onDone(tx, before, after);
    return after;
  });
}

/** Imports platform deposit addresses, one per line; invalid ones are reported, duplicates skipped. */
export async function importDepositAddresses(db: Db, text: string, adminId: number) {
  const lines = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  const invalid = lines.filter((l) => !isValidTronAddress(l));
  const valid = lines.filter((l) => isValidTronAddress(l));
  let imported = 0;
  for (let i = 0; i < valid.length; i += 500) {
    const chunk = valid.slice(i, i + 500);
    const rows = await db
      .insert(depositAddresses)
      .values(chunk.map((address) => ({ address, importedBy: adminId })))
      .onConflictDoNothing({ target: depositAddresses.address })
      .returning({ id: depositAddresses.id });
    imported += rows.length;
  }
  return { imported, duplicates: valid.length - imported, invalid: invalid.slice(0, 100) };
}
