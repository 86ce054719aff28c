import { currencyOfOrderAccount } from '@app/contract/practice';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import type { TestApp } from '../../test/test-app.js';
import { JOURNAL_BATCH_MAX, type JournalInput, postJournals } from '../ledger/ledger.service.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { addExposure } from './exposure.js';
import { orders } from './orders.tables.js';

/**
 * Many open orders at once, for tests and the settlement benchmark: the rows go in directly (no
 * wait for an entry tick, any acceptance time), but every stake and fee moves through the ledger
 * exactly as `createOrder` moves it, so the books reconcile after settlement, and the stakes count
 * on the open exposure as placed orders do.
 */
export interface OpenOrderSpec {
  userId: number;
  symbol: string;
  direction: 'up' | 'down';
  amount: bigint;
  fee: bigint;
  payoutRateBp: number;
  period: number;
  acceptedAt: Date;
  /** Real (the default) or practice: a practice order stakes practice money (PUSDT), granted first. */
  account?: 'real' | 'practice';
}

export async function insertOpenOrders(db: Db, specs: readonly OpenOrderSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < specs.length; start += JOURNAL_BATCH_MAX) {
    const chunk = specs.slice(start, start + JOURNAL_BATCH_MAX);
    const inserted = await transact(db, async (tx) => {
      const rows = await tx
        .insert(orders)
        .values(
          chunk.map((spec, i) => ({
            ...spec,
            endTime: new Date(spec.acceptedAt.getTime() + spec.period * 1000),
            requestKey: `direct:${start + i}:${spec.acceptedAt.getTime()}:${Math.random()}`,
          })),
        )
        .returning({
          id: orders.id,
          userId: orders.userId,
          amount: orders.amount,
          fee: orders.fee,
          account: orders.account,
        });
      // The exposure last, after the ledger accounts: the lock order of placement and settlement (exposure.ts).
      await postJournals(tx, rows.map(stakeJournal));
      await addExposure(tx, chunk);
      // Placed, as placement counts them (order_tallies: the open-order limit reads placed − closed).
      await tx.execute(
        sql`INSERT INTO order_tallies (user_id, account, kind, n)
          SELECT r.user_id, r.account, 'placed', count(*)
          FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ user_id: r.userId, account: r.account })))}::jsonb)
            AS r(user_id bigint, account text)
          GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (user_id, account, kind) DO UPDATE SET n = order_tallies.n + EXCLUDED.n`,
      );
      return rows;
    });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

function stakeJournal(row: {
  id: number;
  userId: number;
  amount: bigint;
  fee: bigint;
  account: 'real' | 'practice';
}): JournalInput {
  const currency = currencyOfOrderAccount(row.account);
  return {
    kind: 'order_stake',
    idempotencyKey: `order:${row.id}:stake`,
    reference: { type: 'order', id: row.id },
    postings: [
      { account: { userId: row.userId, kind: 'available', currency }, amount: -(row.amount + row.fee) },
      { account: { userId: row.userId, kind: 'trading', currency }, amount: row.amount },
      ...(row.fee > 0n ? [{ account: { platform: 'fees' as const, currency }, amount: row.fee }] : []),
    ],
  };
}

/** Deposits for many users in one ledger call per thousand (the `deposit` journal of a confirmed deposit). */
export async function fundUsers(db: Db, userIds: readonly number[], amount: bigint, label: string): Promise<void> {
  for (let start = 0; start < userIds.length; start += JOURNAL_BATCH_MAX) {
    const chunk = userIds.slice(start, start + JOURNAL_BATCH_MAX);
    await transact(db, (tx) =>
      postJournals(
        tx,
        chunk.map((userId) => ({
          kind: 'deposit',
          idempotencyKey: `${label}:fund:${userId}`,
          reference: { type: label, id: userId },
          postings: [
            { account: { platform: 'deposits' }, amount: -amount },
            { account: { userId, kind: 'available' }, amount },
          ],
        })),
      ),
    );
  }
}

/** A signed-in user with 1 000 USDT from a deposit the finance operator confirmed. */
export async function fundedTrader(t: TestApp, financeToken: string) {
  const u = await walletUser(t);
  await fund(t, u, '1000', financeToken);
  return u;
}
