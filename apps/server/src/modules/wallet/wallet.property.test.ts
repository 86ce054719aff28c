import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { PAY, setWalletRules, walletUser } from './wallet.test-support.js';

/**
 * Random sequences of deposits, confirmations, withdrawals, approvals and rejections for several
 * users through the API; after every step the books reconcile and each user's balances match a
 * model computed from the answers alone.
 */
let t: TestApp;
let finance: string;
let users: Array<{ token: string; userId: number }>;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, {
    withdrawDailyCountMax: 100,
    withdrawMinAmount: '1',
    depositMinAmount: '1',
    withdrawFeeFixed: '0.5',
    withdrawFeeRateBp: 100,
    withdrawSecondApprovalFrom: '1000000',
  });
  users = await Promise.all([0, 1, 2].map(() => walletUser(t, { kyc: true, card: true })));
}, 60_000);
afterAll(async () => t.close());

const M = 1_000_000n;
const toMinor = (text: string) => {
  const [w, f = ''] = text.split('.');
  return BigInt(w!) * M + BigInt(f.padEnd(6, '0'));
};

const step = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ type: fc.constant('confirm' as const), pick: fc.nat(50) }),
  fc.record({ type: fc.constant('rejectDeposit' as const), pick: fc.nat(50) }),
  fc.record({ type: fc.constant('withdraw' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ type: fc.constant('pay' as const), pick: fc.nat(50) }),
  fc.record({ type: fc.constant('rejectWithdrawal' as const), pick: fc.nat(50) }),
);

test('the books reconcile after every step and balances match the model', async () => {
  const model = users.map(() => ({ available: 0n, frozen: 0n }));
  const pendingDeposits: Array<{ id: string; user: number; amount: bigint }> = [];
  const openWithdrawals: Array<{ id: string; user: number; amount: bigint }> = [];
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 20 }), async (steps) => {
      for (const s of steps) {
        if (s.type === 'deposit') {
          const r = await call(
            t.app,
            'POST',
            '/api/wallet/submit',
            { method: 'bank', amount: String(s.amount) },
            { token: users[s.user]!.token },
          );
          expect(r.code).toBe(0);
          pendingDeposits.push({ id: r.data.id, user: s.user, amount: BigInt(s.amount) * M });
        } else if ((s.type === 'confirm' || s.type === 'rejectDeposit') && pendingDeposits.length > 0) {
          const [d] = pendingDeposits.splice(s.pick % pendingDeposits.length, 1);
          const url = `/api/admin/deposits/${d!.id}/${s.type === 'confirm' ? 'confirm' : 'reject'}`;
          const r = await call(t.app, 'POST', url, s.type === 'confirm' ? {} : { reason: 'test' }, { token: finance });
          expect(r.code).toBe(0);
          if (s.type === 'confirm') model[d!.user]!.available += d!.amount;
        } else if (s.type === 'withdraw') {
          const r = await call(
            t.app,
            'POST',
            '/api/wallet/bankWithdrawal',
            { amount: String(s.amount), payPassword: PAY },
            { token: users[s.user]!.token },
          );
          const amount = BigInt(s.amount) * M;
          if (model[s.user]!.available >= amount) {
            expect(r.code).toBe(0);
            expect(toMinor(r.data.fee) + toMinor(r.data.netAmount)).toBe(amount);
            model[s.user]!.available -= amount;
            model[s.user]!.frozen += amount;
            openWithdrawals.push({ id: r.data.id, user: s.user, amount });
          } else {
            expect(r.code).toBe(4002);
          }
        } else if ((s.type === 'pay' || s.type === 'rejectWithdrawal') && openWithdrawals.length > 0) {
          const [w] = openWithdrawals.splice(s.pick % openWithdrawals.length, 1);
          const url = `/api/admin/withdrawals/${w!.id}/${s.type === 'pay' ? 'approve' : 'reject'}`;
          const r = await call(t.app, 'POST', url, s.type === 'pay' ? {} : { reason: 'test' }, { token: finance });
          expect(r.code).toBe(0);
          model[w!.user]!.frozen -= w!.amount;
          if (s.type === 'rejectWithdrawal') model[w!.user]!.available += w!.amount;
        }
        expect((await reconcile(t.database.db)).isBalanced).toBe(true);
      }
      for (const [i, u] of users.entries()) {
        const b = (await call(t.app, 'POST', '/api/user/balance_list', {}, { token: u.token })).data;
        expect(toMinor(b.available)).toBe(model[i]!.available);
        expect(toMinor(b.frozen)).toBe(model[i]!.frozen);
      }
    }),
    { numRuns: 8 },
  );
}, 120_000);
