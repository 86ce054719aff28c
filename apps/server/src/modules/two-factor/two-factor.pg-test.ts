import { ERRORS } from '@app/contract/errors';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { walletUser } from '../wallet/wallet.test-support.js';
import {
  codeNow,
  createTwoFactorTestApp,
  eightWithdrawalsWithOneAnswer,
  fundedWalletUser,
  startClock,
  turnOnTotp,
} from './two-factor.test-support.js';

/**
 * ASVS 6.5.1 under concurrency, on a real PostgreSQL: requests carrying the same code at the same
 * moment, each in its own transaction: exactly one wins.
 */
let t: TestApp;
beforeAll(async () => {
  startClock();
  t = await createTwoFactorTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const balances = async (token: string) => (await call(t.app, 'POST', '/api/user/balance_list', {}, { token })).data;

test('eight withdrawals with the same code at once (different keys): exactly one moves money', async () => {
  const u = await fundedWalletUser(t, 'two-factor-pg');
  const { secret } = await turnOnTotp(t, u);
  const results = await eightWithdrawalsWithOneAnswer(t, u, codeNow(secret), 'tf-pg');
  expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === ERRORS.two_factor_code_used.code)).toBe(true);
  expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('eight logins completing with the same code at once: exactly one session', async () => {
  const u = await registerUser(t.app);
  const { secret } = await turnOnTotp(t, u);
  const challenges: string[] = [];
  for (let i = 0; i < 8; i++) {
    const r = await call(t.app, 'POST', '/api/user/login', { username: u.username, password: u.password });
    challenges.push(r.data.challenge);
  }
  const code = codeNow(secret);
  const results = await Promise.all(
    challenges.map((challenge) => call(t.app, 'POST', '/api/user/login_two_factor', { challenge, code })),
  );
  expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === ERRORS.two_factor_code_used.code)).toBe(true);
});

test('one recovery code in four parallel payment-password changes: exactly one', async () => {
  const u = await walletUser(t);
  const { recoveryCodes } = await turnOnTotp(t, u);
  const results = await Promise.all(
    ['111111', '222222', '333333', '444444'].map((newPayPassword) =>
      call(
        t.app,
        'POST',
        '/api/user/reset_paypwd',
        { password: u.password, newPayPassword, twoFactorCode: recoveryCodes[0] },
        { token: u.token },
      ),
    ),
  );
  expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === ERRORS.two_factor_code_used.code)).toBe(true);
});
