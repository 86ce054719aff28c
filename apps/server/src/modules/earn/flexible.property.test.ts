import { flexibleInterestMinor } from '@app/contract/flexible-earn';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { addDays, platformDate } from '../../lib/platform-day.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { balancesOf, fixedClock, flexibleUser, move } from './flexible.test-support.js';
import { accrueDueDays, DAY_END_GRACE_MS } from './flexible-accrual.js';

/**
 * Random subscriptions, redemptions, clock jumps and job runs for a few users; then every day is
 * paid and each user's interest must equal a model that re-derives each day's lowest balance from
 * the moves alone, their balances must match, and the books must reconcile.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = 1_000_000n;
const RATE_E8 = 20_000n; // the starting rate
const TZ = 'Asia/Ho_Chi_Minh';

const step = fc.oneof(
  fc.record({ type: fc.constant('subscribe' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ type: fc.constant('redeem' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ type: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ type: fc.constant('job' as const) }),
);

/** Expected interest from a user's moves: for each ended day, the lowest balance held through it. */
function modelInterest(moves: Array<{ at: Date; heldAfter: bigint }>, firstUnpaid: string): bigint {
  if (moves.length === 0) return 0n;
  let total = 0n;
  let held = 0n;
  let i = 0;
  for (let day = platformDate(moves[0]!.at, TZ); day < firstUnpaid; day = addDays(day, 1)) {
    let lowest = held;
    while (i < moves.length && platformDate(moves[i]!.at, TZ) === day) {
      held = moves[i]!.heldAfter;
      if (held < lowest) lowest = held;
      i++;
    }
    total += flexibleInterestMinor(lowest, RATE_E8);
  }
  return total;
}

test('interest equals the lowest-balance model and the books reconcile', async () => {
  let start = Date.parse('2033-01-01T03:00:00Z');
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 16 }), async (steps) => {
      const users = await Promise.all([0, 1, 2].map(() => flexibleUser(t, '1000')));
      const clock = fixedClock(new Date(start).toISOString(), TZ);
      const model = users.map(() => ({
        available: 1000n * M,
        held: 0n,
        moves: [] as Array<{ at: Date; heldAfter: bigint }>,
      }));
      for (const s of steps) {
        if (s.type === 'wait') clock.at(new Date(clock.now().getTime() + s.hours * 3_600_000).toISOString());
        else if (s.type === 'job') await accrueDueDays(t.database.db, clock);
        else {
          const m = model[s.user]!;
          const amount = BigInt(s.amount) * M;
          const isAllowed = s.type === 'subscribe' ? amount <= m.available : amount <= m.held;
          const result = await move(t, users[s.user]!.userId, s.type, String(s.amount), clock).catch((e) => e);
          if (!isAllowed) {
            expect(result).toBeInstanceOf(AppError);
            continue;
          }
          expect(result).not.toBeInstanceOf(Error);
          m.held += s.type === 'subscribe' ? amount : -amount;
          m.available += s.type === 'subscribe' ? -amount : amount;
          m.moves.push({ at: clock.now(), heldAfter: m.held });
          expect(result.heldAfter).toBe(String(m.held / M));
        }
      }
      // Pay everything up to the day the last step is in.
      const end = new Date(clock.now().getTime() + 86_400_000 + DAY_END_GRACE_MS);
      clock.at(end.toISOString());
      await accrueDueDays(t.database.db, clock);
      const firstUnpaid = platformDate(new Date(end.getTime() - DAY_END_GRACE_MS), TZ);
      for (const [i, u] of users.entries()) {
        const m = model[i]!;
        const interest = modelInterest(m.moves, firstUnpaid);
        expect(await balancesOf(t, u.userId)).toEqual({ available: m.available + interest, held: m.held });
      }
      expect((await reconcile(t.database.db)).isBalanced).toBe(true);
      // The next run starts on later days, so earlier users' open days do not overlap new ones.
      start = end.getTime() + 86_400_000;
    }),
    { numRuns: 6 },
  );
}, 240_000);
