import { randomUUID } from 'node:crypto';
import { dailyInterestMinor } from '@app/contract/wealth';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import type { TestApp } from '../../test/test-app.js';
import { JOURNAL_BATCH_MAX, postJournals } from '../ledger/ledger.service.js';
import { fundUsers } from '../orders/orders.test-support.js';
import { walletUser } from '../wallet/wallet.test-support.js';
import { wealthOrders, wealthProducts } from './wealth.tables.js';
import { wealthCalendar } from './wealth-terms.js';

export { PAY } from '../wallet/wallet.test-support.js';

let sequence = 0;

/** A user with a payment password and `amountMinor` available (a deposit journal, as a confirmed deposit posts). */
export async function fundedWealthUser(t: TestApp, amountMinor: bigint) {
  const u = await walletUser(t);
  await fundUsers(t.database.db, [u.userId], amountMinor, `wealth-test-${process.pid}-${++sequence}`);
  return u;
}

/** A fresh enabled product with the given terms (minor units), so tests do not share quotas. */
export async function insertWealthProduct(
  t: { database: { db: Db } },
  terms: Partial<typeof wealthProducts.$inferInsert> = {},
): Promise<typeof wealthProducts.$inferSelect> {
  const name = terms.nameI18n?.en ?? terms.name ?? `Test ${++sequence}`;
  const [row] = await t.database.db
    .insert(wealthProducts)
    .values({
      cycleDays: 7,
      dailyRatePpm: 300,
      minAmount: 100_000_000n,
      maxPerUser: 50_000_000_000n,
      quotaTotal: 1_000_000_000_000n,
      ...terms,
      name,
      nameI18n: terms.nameI18n ?? { en: name, vn: '', zn: '' },
    })
    .returning();
  return row!;
}

export async function productRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(wealthProducts).where(eq(wealthProducts.id, id));
  return row!;
}

export interface EarningOrderSpec {
  userId: number;
  productId: number;
  amount: bigint;
  cycleDays: number;
  dailyRatePpm: number;
  /** Platform date of the purchase (`YYYY-MM-DD`). */
  purchaseDate: string;
}

/**
 * Many earning orders at once, for tests and the accrual benchmark: the rows go in directly (any
 * purchase date, no payment password), but each purchase moves available → earn_locked through the
 * ledger and counts against the product's quota exactly as `submitPurchase` does, so the books
 * reconcile after the accrual.
 */
export async function insertEarningOrders(db: Db, specs: readonly EarningOrderSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < specs.length; start += JOURNAL_BATCH_MAX) {
    const chunk = specs.slice(start, start + JOURNAL_BATCH_MAX);
    const rows = await transact(db, async (tx) => {
      const inserted = await tx
        .insert(wealthOrders)
        .values(
          chunk.map((spec, i) => ({
            ...spec,
            productName: 'direct',
            productNameI18n: { en: 'direct', vn: '', zn: '' },
            dailyInterest: dailyInterestMinor(spec.amount, spec.dailyRatePpm),
            nextPayoutDate: wealthCalendar(spec.purchaseDate, spec.cycleDays).firstPayoutDate,
            requestKey: `direct:${start + i}:${randomUUID()}`,
          })),
        )
        .returning({ id: wealthOrders.id, userId: wealthOrders.userId, amount: wealthOrders.amount });
      await postJournals(
        tx,
        inserted.map((row) => ({
          kind: 'wealth_purchase' as const,
          idempotencyKey: `wealth:${row.id}:purchase`,
          reference: { type: 'wealth_order', id: row.id },
          postings: [
            { account: { userId: row.userId, kind: 'available' as const }, amount: -row.amount },
            { account: { userId: row.userId, kind: 'earn_locked' as const }, amount: row.amount },
          ],
        })),
      );
      const soldByProduct = new Map<number, bigint>();
      for (const spec of chunk)
        soldByProduct.set(spec.productId, (soldByProduct.get(spec.productId) ?? 0n) + spec.amount);
      for (const [productId, sold] of soldByProduct) {
        await tx
          .update(wealthProducts)
          .set({ soldAmount: sql`${wealthProducts.soldAmount} + ${sold}` })
          .where(eq(wealthProducts.id, productId));
      }
      return inserted;
    });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
