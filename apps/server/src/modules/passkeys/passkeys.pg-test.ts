import { ERRORS } from '@app/contract/errors';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import {
  createTwoFactorTestApp,
  eightWithdrawalsWithOneAnswer,
  fundedWalletUser,
  startClock,
} from '../two-factor/two-factor.test-support.js';
import { addPasskey, assert, moneyMoveCode } from './passkeys.test-support.js';

/** A passkey answer is taken once also under concurrency, on a real PostgreSQL: exactly one request wins. */
let t: TestApp;
beforeAll(async () => {
  startClock();
  t = await createTwoFactorTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

test('eight withdrawals with the same passkey answer at once (different keys): exactly one moves money', async () => {
  const u = await fundedWalletUser(t, 'passkeys-pg');
  const { credential } = await addPasskey(t, u);
  const options = await call(t.app, 'POST', '/api/user/passkeys/money_move_options', {}, { token: u.token });
  const code = moneyMoveCode(assert(credential, options.data.options));
  const results = await eightWithdrawalsWithOneAnswer(t, u, code, 'pk-pg');
  expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === ERRORS.passkey_challenge_expired.code)).toBe(true);
  const balances = await call(t.app, 'POST', '/api/user/balance_list', {}, { token: u.token });
  expect(balances.data).toMatchObject({ available: '950', frozen: '50' });
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('eight sign-ins with the same passkey answer at once: exactly one session', async () => {
  const u = await registerUser(t.app);
  const { credential } = await addPasskey(t, u);
  const options = await call(t.app, 'POST', '/api/user/passkeys/login_options', {});
  const response = assert(credential, options.data.options);
  const results = await Promise.all(
    Array.from({ length: 8 }, () => call(t.app, 'POST', '/api/user/login_passkey', { response })),
  );
  expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === ERRORS.passkey_challenge_expired.code)).toBe(true);
});
