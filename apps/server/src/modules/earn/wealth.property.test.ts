import { formatAmount } from '@app/contract/money';
import { dailyInterestMinor } from '@app/contract/wealth';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { addDays, startOfPlatformDate } from '../../lib/platform-day.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { submitPurchase } from './wealth.service.js';
import { fundedWealthUser, insertWealthProduct, PAY } from './wealth.test-support.js';
import { accrueDue } from './wealth-accrual.js';
import { dueInterestDays } from './wealth-terms.js';

/**
 * Random purchases on random days by several users in products of different cycles, with the
 * accrual job run on random later days (skipping some). After every step the books reconcile and
 * each user's available and locked balances equal a model computed from the rules alone.
 */
const TZ = 'Asia/Ho_Chi_Minh';
const M = 1_000_000n;
let t: TestApp;
let users: Array<{ userId: number }>;
let products: Array<{ id: number; cycleDays: number; dailyRatePpm: number; minAmount: bigint }>;
beforeAll(async () => {
  t = await createTestApp();
  users = await Promise.all([0, 1, 2].map(() => fundedWealthUser(t, 5_000n * M)));
  products = await Promise.all(
    [
      { cycleDays: 1, dailyRatePpm: 7_777 },
      { cycleDays: 3, dailyRatePpm: 333 },
      { cycleDays: 5, dailyRatePpm: 12_345 },
    ].map((terms) => insertWealthProduct(t, { ...terms, minAmount: 1n * M, quotaTotal: 10n ** 12n * M })),
  );
}, 60_000);
afterAll(async () => t.close());

interface ModelOrder {
  user: number;
  amount: bigint;
  daily: bigint;
  purchaseDate: string;
  cycleDays: number;
  daysPaid: number;
}

const step = fc.oneof(
  fc.record({
    type: fc.constant('buy' as const),
    user: fc.nat(2),
    product: fc.nat(2),
    // Minor units, so amounts with odd decimals exercise the rounding.
    amountMinor: fc.bigInt({ min: 1n * M, max: 900n * M }),
  }),
  fc.record({ type: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ type: fc.constant('accrue' as const) }),
);

test('the books reconcile after every step and balances match the model', async () => {
  const model = users.map(() => ({ available: 5_000n * M, locked: 0n }));
  const orders: ModelOrder[] = [];
  let today = '2030-01-10';
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 14 }), async (steps) => {
      for (const s of steps) {
        if (s.type === 'wait') today = addDays(today, s.days);
        else if (s.type === 'buy') {
          const product = products[s.product]!;
          // Any time of the platform day: a few hours after its 00:00.
          const now = new Date(startOfPlatformDate(today, TZ).getTime() + 3 * 3_600_000);
          const amount = s.amountMinor;
          try {
            await submitPurchase(
              t.database.db,
              users[s.user]!.userId,
              { productId: String(product.id), amount: formatAmount(amount), payPassword: PAY },
              TZ,
              null,
              'en',
              now,
            );
            expect(model[s.user]!.available).toBeGreaterThanOrEqual(amount);
            model[s.user]!.available -= amount;
            model[s.user]!.locked += amount;
            orders.push({
              user: s.user,
              amount,
              daily: dailyInterestMinor(amount, product.dailyRatePpm),
              purchaseDate: today,
              cycleDays: product.cycleDays,
              daysPaid: 0,
            });
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).errorName).toBe('insufficient_balance');
            expect(model[s.user]!.available).toBeLessThan(amount);
          }
        } else {
          await accrueDue(t.database.db, today);
          for (const o of orders) {
            const due = dueInterestDays(o, today);
            model[o.user]!.available += o.daily * BigInt(due.dates.length);
            o.daysPaid += due.dates.length;
            if (due.isMaturing) {
              model[o.user]!.available += o.amount;
              model[o.user]!.locked -= o.amount;
            }
          }
        }
        const report = await reconcile(t.database.db);
        expect(report.isBalanced).toBe(true);
        for (const [i, u] of users.entries()) {
          expect(await userAccountBalance(t.database.db, u.userId, 'available')).toBe(model[i]!.available);
          expect(await userAccountBalance(t.database.db, u.userId, 'earn_locked')).toBe(model[i]!.locked);
        }
      }
    }),
    { numRuns: 12 },
  );
}, 240_000);
