import { formatFiat } from '@app/contract/fiat';
import { formatAmount, parseAmount } from '@app/contract/money';
import type { Deposit, DepositSubmitRequest } from '@app/contract/wallet';
import { type BankAccount, depositAccountOf, type WalletRules } from '@app/contract/wallet-rules';
import { and, count, desc, eq, gte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import {
  type IdempotencyClaim,
  type IdempotentResult,
  rowKeyOf,
  runIdempotent,
} from '../idempotency/run-idempotent.js';
import { assertDepositAllowed } from '../responsible-trading/responsible-trading.service.js';
import { fiatView, lockFiat, NO_FIAT } from './fiat-lock.js';
import { deposits } from './wallet.tables.js';

/**
 * Deposits (DESIGN.md 6.3): the user records a request; a finance operator credits it once, or
 * rejects it (deposit-review.service.ts). The address to send to comes from deposit-addresses.service.ts.
 */

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
    ...fiatView(row),
    fiatReceived:
      row.fiatCurrency === null || row.fiatReceivedMinor === null
        ? null
        : formatFiat(row.fiatReceivedMinor, row.fiatCurrency),
    bankAccount: row.bankAccount,
  };
}

/**
 * The platform account a bank deposit goes to: the one the user chose, or the first for a client that
 * names none. None for TRC20, or while finance has entered no account (the request is in USDT only).
 */
function receivingAccountOf(input: DepositSubmitRequest, rules: WalletRules): BankAccount | undefined {
  if (input.method !== 'bank') return undefined;
  const account = depositAccountOf(rules.bankAccounts, input.bankAccountId);
  if (input.bankAccountId !== undefined && !account) throw new AppError('bank_account_unavailable');
  return account;
}

export async function submitDeposit(
  db: Db,
  userId: number,
  input: DepositSubmitRequest & { proofFile?: string | null },
  rules: WalletRules,
  claim: IdempotencyClaim | null,
  /** The platform's time zone: the days, weeks and months of the user's own deposit limits (issue 14). */
  own: { timeZone: string },
): Promise<IdempotentResult<Deposit>> {
  const amount = parseAmount(input.amount);
  if (amount < parseAmount(rules.depositMinAmount)) throw new AppError('deposit_below_minimum');
  const account = receivingAccountOf(input, rules);
  const fiat = input.method === 'bank' ? lockFiat(account, input.rate, amount) : NO_FIAT;
  const txHash = input.method === 'trc20' ? (input.txHash?.replace(/^0x/i, '').toLowerCase() ?? null) : null;
  return runIdempotent(db, claim, async (tx) => {
    // The user's exclusion and deposit limits refuse the request here, when it is submitted.
    await assertDepositAllowed(tx, {
      userId,
      amount,
      now: new Date(),
      timeZone: own.timeZone,
      depositedSince: (starts) => depositedSince(tx, userId, starts),
    });
    try {
      const [row] = await tx
        .insert(deposits)
        .values({
          userId,
          method: input.method,
          amount,
          txHash,
          proofFile: input.proofFile ?? null,
          remark: input.remark ?? null,
          requestKey: rowKeyOf(claim),
          ...fiat,
          bankAccount: account
            ? {
                id: account.id,
                bankName: account.bankName,
                holderName: account.holderName,
                cardNumber: account.cardNumber,
              }
            : null,
        })
        .returning();
      return toDeposit(row!);
    } catch (error) {
      if (isUniqueViolation(error, 'deposits_tx_hash_key')) throw new AppError('tx_hash_used');
      throw error;
    }
  });
}

/** The user's deposit requests not rejected, summed from each start (what the deposit limits count). */
async function depositedSince(db: DbOrTx, userId: number, starts: Record<'day' | 'week' | 'month', Date>) {
  const sumFrom = (start: Date) =>
    sql<string>`coalesce(sum(${deposits.amount}) FILTER (WHERE ${deposits.createdAt} >= ${start.toISOString()}::timestamptz), 0)::text`;
  const from = starts.week < starts.month ? starts.week : starts.month;
  const [row] = await db
    .select({ day: sumFrom(starts.day), week: sumFrom(starts.week), month: sumFrom(starts.month) })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), ne(deposits.status, 'rejected'), gte(deposits.createdAt, from)));
  return { day: BigInt(row?.day ?? 0), week: BigInt(row?.week ?? 0), month: BigInt(row?.month ?? 0) };
}

/**
 * Whether a deposit of the user was ever confirmed (the profile's `hasDeposited`): one probe of the
 * user's deposits index, stopped at the first confirmed row.
 */
export async function hasConfirmedDeposit(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'confirmed')))
    .limit(1);
  return row !== undefined;
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
