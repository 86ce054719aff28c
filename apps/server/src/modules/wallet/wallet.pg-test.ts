import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { deposits, withdrawals } from './wallet.tables.js';
import { fund, PAY, setWalletRules, walletUser } from './wallet.test-support.js';

/** Concurrency through the HTTP API on a real PostgreSQL (DESIGN.md 9, issue 3). */
let t: TestApp;
let finance: string;
let finance2: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  finance2 = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, { withdrawDailyCountMax: 100, withdrawFeeFixed: '0', withdrawFeeRateBp: 0 });
});
afterAll(async () => t.close());

const balances = async (token: string) => (await call(t.app, 'POST', '/api/user/balance_list', {}, { token })).data;

test('50 parallel withdrawals that together exceed the balance: the sum accepted never exceeds it', async () => {
  const u = await walletUser(t, { kyc: true, card: true });
  await fund(t, u, '1000', finance);
  const results = await Promise.all(
    Array.from({ length: 50 }, () =>
      call(t.app, 'POST', '/api/wallet/bankWithdrawal', { amount: '70', payPassword: PAY }, { token: u.token }),
    ),
  );
  const accepted = results.filter((r) => r.code === 0);
  expect(accepted).toHaveLength(14); // 14 × 70 = 980 ≤ 1000
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4002)).toBe(true);
  expect(await balances(u.token)).toMatchObject({ available: '20', frozen: '980', total: '1000' });
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('the same deposit confirmed by two operators at once: credited once', async () => {
  const u = await walletUser(t);
  const submitted = await call(
    t.app,
    'POST',
    '/api/wallet/submit',
    { method: 'bank', amount: '250' },
    { token: u.token },
  );
  const results = await Promise.all(
    [finance, finance2, finance, finance2].map((token) =>
      call(t.app, 'POST', `/api/admin/deposits/${submitted.data.id}/confirm`, {}, { token }),
    ),
  );
  expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  expect(results.filter((r) => r.code === 4014)).toHaveLength(3);
  expect((await balances(u.token)).available).toBe('250');
  const [row] = await t.database.db
    .select()
    .from(deposits)
    .where(eq(deposits.id, Number(submitted.data.id)));
  expect(row!.status).toBe('confirmed');
});

test('the same Idempotency-Key sent 20 times in parallel: one withdrawal, one answer', async () => {
  const u = await walletUser(t, { kyc: true, card: true });
  await fund(t, u, '500', finance);
  const headers = { 'idempotency-key': 'withdraw-same-key-1' };
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(
        t.app,
        'POST',
        '/api/wallet/bankWithdrawal',
        { amount: '100', payPassword: PAY },
        { token: u.token, headers },
      ),
    ),
  );
  expect(results.every((r) => r.code === 0)).toBe(true);
  expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
  const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, u.userId));
  expect(rows).toHaveLength(1);
  expect(await balances(u.token)).toMatchObject({ available: '400', frozen: '100' });
});

test('a payout and a rejection racing on one withdrawal: exactly one wins', async () => {
  const u = await walletUser(t, { kyc: true, card: true });
  await fund(t, u, '300', finance);
  const w = await call(
    t.app,
    'POST',
    '/api/wallet/bankWithdrawal',
    { amount: '300', payPassword: PAY },
    { token: u.token },
  );
  const [approve, reject] = await Promise.all([
    call(t.app, 'POST', `/api/admin/withdrawals/${w.data.id}/approve`, {}, { token: finance }),
    call(t.app, 'POST', `/api/admin/withdrawals/${w.data.id}/reject`, { reason: 'race' }, { token: finance2 }),
  ]);
  expect([approve.code, reject.code].sort()).toEqual([0, 4015]);
  const b = await balances(u.token);
  expect(b.frozen).toBe('0');
  expect(b.available).toBe(approve.code === 0 ? '0' : '300');
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});
