import { formatAmount, parseAmount } from '@app/contract/money';
import type { Withdrawal, WithdrawalMethod } from '@app/contract/wallet';
import { withdrawalResultOf } from '@app/contract/wallet';
import { payoutAccountFor, payoutExplorerUrl, type WalletRules, withdrawalFeeMinor } from '@app/contract/wallet-rules';
import { and, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import {
  type IdempotencyClaim,
  type IdempotentResult,
  rowKeyOf,
  runIdempotent,
} from '../idempotency/run-idempotent.js';
import { getKycStatus } from '../kyc/kyc.service.js';
import { postJournal } from '../ledger/ledger.service.js';
import { NO_SECOND_FACTOR, type SecondFactorPass, verifyPayPassword } from '../users/users.service.js';
import { bankCurrencyOf, findBankCard, findWalletAddress, maskCardNumber } from './cards.service.js';
import { fiatView, lockFiat, NO_FIAT } from './fiat-lock.js';
import { withdrawals } from './wallet.tables.js';
import { assertDestinationUsable } from './withdraw-cooldown.service.js';

/**
 * Withdrawals (DESIGN.md 6.3): money leaves only to the user's own bound card or address, by their
 * request. Requesting moves the amount available → frozen; paying out moves frozen → the platform's
 * withdrawals account (net) and fees; rejecting returns it. Large ones need a second operator
 * (paying out and rejecting: withdrawal-review.service.ts).
 */

type WithdrawalRow = typeof withdrawals.$inferSelect;

export interface WithdrawalRequest {
  method: WithdrawalMethod;
  amount: string;
  walletId?: string;
  payPassword: string;
  /** Bank withdrawals: the rate the user saw, checked against the current one. */
  rate?: string;
}

function destinationLabel(destination: Record<string, string>): string {
  return destination.type === 'bank'
    ? `${destination.bankName} ${maskCardNumber(destination.cardNumber ?? '')}`
    : (destination.address ?? '');
}

/**
 * The user's view of a withdrawal. `explorerTxUrl` is the platform's block explorer pattern: a paid
 * TRC20 payout links to its transaction there.
 */
export function toWithdrawal(row: WithdrawalRow, explorerTxUrl: string): Withdrawal {
  // Only a payout has a reference; nothing an operator typed earlier reaches the user.
  const payoutReference = row.status === 'paid' ? row.payoutReference : null;
  return {
    id: String(row.id),
    method: row.method,
    amount: formatAmount(row.amount),
    fee: formatAmount(row.fee),
    netAmount: formatAmount(row.amount - row.fee),
    destination: destinationLabel(row.destination),
    status: row.status,
    result: withdrawalResultOf(row.status),
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    payoutReference,
    payoutUrl: payoutExplorerUrl(explorerTxUrl, row.method, payoutReference),
    ...fiatView(row),
  };
}

async function destinationOf(db: Db, userId: number, request: WithdrawalRequest): Promise<Record<string, string>> {
  if (request.method === 'bank') {
    const card = await findBankCard(db, userId);
    if (!card) throw new AppError('bank_card_required');
    return {
      type: 'bank',
      bankName: card.bankName,
      holderName: card.holderName,
      cardNumber: card.cardNumber,
      branch: card.branch,
      city: card.city,
      province: card.province,
    };
  }
  const wallet = request.walletId ? await findWalletAddress(db, userId, Number(request.walletId)) : undefined;
  if (!wallet) throw new AppError('wallet_not_found');
  return { type: 'trc20', network: wallet.network, address: wallet.address, label: wallet.label ?? '' };
}

/**
 * Which currency a bank withdrawal arrives in, and at what rate. A real payout goes over a domestic
 * rail: the platform pays a Vietnamese card from its own VND account, a Taiwanese card from its TWD
 * account. So the currency is the one of the card's bank (finance sets it per bank in the bank list,
 * where the user picked their bank), and the rate is that of the platform's receiving account in that
 * currency (payoutAccountFor): one rate per account, the same finance quotes for deposits. A bank
 * without a currency, or a currency the platform holds no account in, is paid in USDT figures only, as
 * before fiat existed; the operator converts by hand then.
 */
async function payoutAccountOf(db: Db, destination: Record<string, string>, rules: WalletRules) {
  const currency = await bankCurrencyOf(db, destination.bankName ?? '');
  return payoutAccountFor(rules.bankAccounts, currency);
}

export async function requestWithdrawal(
  db: Db,
  userId: number,
  request: WithdrawalRequest,
  rules: WalletRules,
  claim: IdempotencyClaim | null,
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
  now: Date = new Date(),
): Promise<IdempotentResult<Withdrawal>> {
  const amount = parseAmount(request.amount);
  if (amount < parseAmount(rules.withdrawMinAmount)) throw new AppError('withdrawal_below_minimum');
  const destination = await destinationOf(db, userId, request);
  if (rules.withdrawKycRequired && (await getKycStatus(db, userId)) !== 'approved') throw new AppError('kyc_required');
  await verifyPayPassword(db, userId, request.payPassword);
  const fee = withdrawalFeeMinor(amount, rules);
  if (fee >= amount) throw new AppError('amount_invalid');
  const fiat =
    request.method === 'bank'
      ? lockFiat(await payoutAccountOf(db, destination, rules), request.rate, amount - fee)
      : NO_FIAT;

  return runIdempotent(db, claim, async (tx) => {
    // The second factor's code is taken here, after the key's claim: a replay gets its stored answer.
    await secondFactor.spend(tx);
    // One user's requests run one at a time, so the daily count holds under parallel calls.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_262_200}, ${userId})`);
    // Issue 14: read in this transaction, so a card replaced or an address re-bound meanwhile is seen.
    await assertDestinationUsable(tx, userId, destination, rules.withdrawCooldownHours, now);
    const [today] = await tx
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, sql`date_trunc('day', now())`)));
    if ((today?.n ?? 0) >= rules.withdrawDailyCountMax) throw new AppError('withdrawal_daily_limit');
    const [created] = await tx
      .insert(withdrawals)
      .values({
        userId,
        method: request.method,
        amount,
        fee,
        destination,
        needsSecondApproval: amount >= parseAmount(rules.withdrawSecondApprovalFrom),
        requestKey: rowKeyOf(claim),
        ...fiat,
      })
      .returning();
    await postJournal(tx, {
      kind: 'withdrawal_request',
      idempotencyKey: `withdrawal:${created!.id}:request`,
      reference: { type: 'withdrawal', id: created!.id },
      postings: [
        { account: { userId, kind: 'available' }, amount: -amount },
        { account: { userId, kind: 'frozen' }, amount },
      ],
    });
    return toWithdrawal(created!, rules.trc20ExplorerTxUrl);
  });
}

export async function listUserWithdrawals(
  db: DbOrTx,
  userId: number,
  filter: { status?: WithdrawalRow['status'] },
  page: { page: number; pageSize: number },
  explorerTxUrl: string,
) {
  const conditions: SQL[] = [eq(withdrawals.userId, userId)];
  if (filter.status) conditions.push(eq(withdrawals.status, filter.status));
  const where = and(...conditions);
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
  return { list: rows.map((row) => toWithdrawal(row, explorerTxUrl)), total: totalRow?.total ?? 0, ...page };
}
