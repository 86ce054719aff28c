import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { addPasskey, assert, moneyMoveCode } from '../passkeys/passkeys.test-support.js';
import { codeNow, createTwoFactorTestApp, turnOnTotp } from '../two-factor/two-factor.test-support.js';
import { bankCardInput, fund, newTronAddress, PAY, setWalletRules, walletUser } from './wallet.test-support.js';

/**
 * Issue 14, "where money may go": a card or address bound or replaced less than the cooldown ago
 * receives nothing while the user keeps the protection on; turning it off waits 24 h after a password,
 * payment-password or second-factor change. The clock is faked Date (the server's clock), moved by the tests.
 */
const HOUR = 3_600_000;
let t: TestApp;
let finance: string;
let support: string;

beforeAll(async () => {
  // Its own DATA_DIR: the second-factor tests turn TOTP on, which creates the at-rest key there.
  t = await createTwoFactorTestApp({ withdrawCooldownHours: 24 });
  finance = (await adminWithRole(t, 'finance')).token;
  support = (await adminWithRole(t, 'support')).token;
  await setWalletRules(t, finance, { withdrawDailyCountMax: 100, withdrawFeeFixed: '0', withdrawFeeRateBp: 0 });
});
afterAll(async () => t.close());

let start: number;
beforeEach(() => {
  start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
});
afterEach(() => {
  vi.useRealTimers();
});
const moveClock = (ms: number) => vi.setSystemTime(Date.now() + ms);
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

const balances = async (token: string) => (await call(t.app, 'POST', '/api/user/balance_list', {}, { token })).data;
const bankWithdraw = (token: string, amount = '30', lang?: string) =>
  call(t.app, 'POST', '/api/wallet/bankWithdrawal', { amount, payPassword: PAY }, { token, lang });
const trcWithdraw = (token: string, walletId: string) =>
  call(t.app, 'POST', '/api/wallet/trcWithdrawal', { amount: '30', walletId, payPassword: PAY }, { token });
const bindAddress = async (token: string) => {
  const r = await call(
    t.app,
    'POST',
    '/api/user/save_wallet',
    { address: newTronAddress(), payPassword: PAY },
    { token },
  );
  expect(r.code).toBe(0);
  return r.data as { id: string; boundAt: string; usableAt: string | null };
};
const setProtection = (token: string, isOn: boolean, lang?: string) =>
  call(t.app, 'POST', '/api/user/set_withdraw_protection', { isOn, payPassword: PAY }, { token, lang });
/** With a second factor on, both directions carry its answer too. */
const setProtectionWith = (token: string, isOn: boolean, twoFactorCode: string) =>
  call(t.app, 'POST', '/api/user/set_withdraw_protection', { isOn, payPassword: PAY, twoFactorCode }, { token });
const passkeyAnswer = async (token: string, credential: Parameters<typeof assert>[0]) => {
  const options = (await call(t.app, 'POST', '/api/user/passkeys/money_move_options', {}, { token })).data.options;
  return moneyMoveCode(assert(credential, options));
};
const protection = async (token: string) =>
  (await call(t.app, 'POST', '/api/user/withdraw_protection', {}, { token })).data;

describe('a newly bound destination', () => {
  test('a fresh card is refused until the clock passes the cooldown, in each language, and nothing moves', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '100', finance);
    const card = (await call(t.app, 'POST', '/api/user/bank_card', {}, { token: u.token })).data;
    expect(card.boundAt).toBe(new Date(start).toISOString());
    const usableAt = new Date(start + 24 * HOUR).toISOString();
    expect(card.usableAt).toBe(usableAt);

    const refused = await bankWithdraw(u.token, '30', 'en');
    expect(refused).toMatchObject({ status: 422, code: 4020, data: { usableAt } });
    expect(refused.msg).toBe(
      `This card or address was bound recently and can receive withdrawals from ${utc(usableAt)}`,
    );
    expect((await bankWithdraw(u.token, '30', 'vn')).msg).toContain(`có thể nhận tiền rút từ ${utc(usableAt)}`);
    expect((await bankWithdraw(u.token, '30', 'zn')).msg).toContain(`${utc(usableAt)} 起才可接收提現`);
    expect(await balances(u.token)).toMatchObject({ available: '100', frozen: '0' });

    moveClock(24 * HOUR - 60_000);
    expect((await bankWithdraw(u.token)).code).toBe(4020);
    moveClock(60_000);
    const accepted = await bankWithdraw(u.token);
    expect(accepted.code).toBe(0);
    expect(await balances(u.token)).toMatchObject({ available: '70', frozen: '30' });
    expect((await call(t.app, 'POST', '/api/user/bank_card', {}, { token: u.token })).data.usableAt).toBeNull();
  });

  test('a fresh address is refused; an address bound earlier is not', async () => {
    const u = await walletUser(t, { kyc: true });
    await fund(t, u, '100', finance);
    const older = await bindAddress(u.token);
    moveClock(25 * HOUR);
    const fresh = await bindAddress(u.token);
    expect(fresh.usableAt).toBe(new Date(Date.now() + 24 * HOUR).toISOString());
    const list = (await call(t.app, 'POST', '/api/user/getUserWallets', {}, { token: u.token })).data;
    expect(list.map((w: { usableAt: string | null }) => w.usableAt)).toEqual([null, fresh.usableAt]);

    expect(await trcWithdraw(u.token, fresh.id)).toMatchObject({ code: 4020, data: { usableAt: fresh.usableAt } });
    expect((await trcWithdraw(u.token, older.id)).code).toBe(0);
    expect(await balances(u.token)).toMatchObject({ available: '70', frozen: '30' });
  });

  test('removing an address is immediate: it can no longer receive money, and binding it again starts a new cooldown', async () => {
    const u = await walletUser(t, { kyc: true });
    await fund(t, u, '100', finance);
    const address = newTronAddress();
    const bound = await call(t.app, 'POST', '/api/user/save_wallet', { address, payPassword: PAY }, { token: u.token });
    moveClock(25 * HOUR);
    const wrong = await call(
      t.app,
      'POST',
      '/api/user/remove_wallet',
      { walletId: bound.data.id, payPassword: '000000' },
      { token: u.token },
    );
    expect(wrong.code).toBe(2009);
    const removed = await call(
      t.app,
      'POST',
      '/api/user/remove_wallet',
      { walletId: bound.data.id, payPassword: PAY },
      { token: u.token },
    );
    expect(removed).toMatchObject({ code: 0, data: [] });
    expect((await trcWithdraw(u.token, bound.data.id)).code).toBe(4007);
    const again = await call(t.app, 'POST', '/api/user/save_wallet', { address, payPassword: PAY }, { token: u.token });
    expect(again.data.usableAt).toBe(new Date(Date.now() + 24 * HOUR).toISOString());
    expect((await trcWithdraw(u.token, again.data.id)).code).toBe(4020);
    const other = await walletUser(t);
    const notTheirs = await call(
      t.app,
      'POST',
      '/api/user/remove_wallet',
      { walletId: again.data.id, payPassword: PAY },
      { token: other.token },
    );
    expect(notTheirs.code).toBe(4007);
    expect(await balances(u.token)).toMatchObject({ available: '100', frozen: '0' });
  });

  test('replacing the card restarts the cooldown; editing the same card does not', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '100', finance);
    moveClock(25 * HOUR);
    const edited = await call(t.app, 'POST', '/api/user/save_bank', bankCardInput({ remark: 'salary' }), {
      token: u.token,
    });
    expect(edited.data).toMatchObject({ boundAt: new Date(start).toISOString(), usableAt: null });
    expect((await bankWithdraw(u.token)).code).toBe(0);

    const replaced = await call(
      t.app,
      'POST',
      '/api/user/save_bank',
      bankCardInput({ cardNumber: '9704 3661 0000 1111' }),
      { token: u.token },
    );
    const usableAt = new Date(Date.now() + 24 * HOUR).toISOString();
    expect(replaced.data).toMatchObject({ boundAt: new Date(Date.now()).toISOString(), usableAt });
    expect(await bankWithdraw(u.token)).toMatchObject({ code: 4020, data: { usableAt } });
    expect(await balances(u.token)).toMatchObject({ available: '70', frozen: '30' });
  });

  test('the platform cooldown is the operators’ setting: 0 lets a fresh card through, more than 168 h is refused', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '100', finance);
    expect((await bankWithdraw(u.token)).code).toBe(4020);
    const current = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: finance })).data.wallet;
    expect(current.withdrawCooldownHours).toBe(24);
    const tooLong = await call(
      t.app,
      'PUT',
      '/api/admin/settings/wallet',
      { ...current, withdrawCooldownHours: 169 },
      { token: finance },
    );
    expect(tooLong.code).toBe(1001);
    try {
      await setWalletRules(t, finance, { withdrawCooldownHours: 0 });
      expect((await bankWithdraw(u.token)).code).toBe(0);
    } finally {
      await setWalletRules(t, finance, { withdrawCooldownHours: 24 });
    }
  });
});

describe('the user’s protection setting', () => {
  test('on by default; off is refused within 24 h of the payment password being set, then allowed and told', async () => {
    const u = await walletUser(t, { kyc: true });
    await fund(t, u, '100', finance);
    const lockedUntil = new Date(start + 24 * HOUR).toISOString();
    expect(await protection(u.token)).toEqual({ isOn: true, cooldownHours: 24, lockedUntil });

    const refused = await setProtection(u.token, false, 'en');
    expect(refused).toMatchObject({ status: 422, code: 4021, data: { until: lockedUntil } });
    expect(refused.msg).toContain(`can be turned off from ${utc(lockedUntil)}`);
    expect((await protection(u.token)).isOn).toBe(true);

    moveClock(24 * HOUR + 1_000);
    const fresh = await bindAddress(u.token);
    expect(fresh.usableAt).not.toBeNull();
    expect(await setProtection(u.token, false)).toMatchObject({ code: 0, data: { isOn: false, lockedUntil: null } });
    // Off: a destination bound a moment ago may receive money at once.
    const list = (await call(t.app, 'POST', '/api/user/getUserWallets', {}, { token: u.token })).data;
    expect(list[0].usableAt).toBeNull();
    expect((await trcWithdraw(u.token, fresh.id)).code).toBe(0);
    expect(await balances(u.token)).toMatchObject({ available: '70', frozen: '30' });

    await waitUntil(async () => {
      const notices = await call(t.app, 'POST', '/api/notification/list', {}, { token: u.token });
      return notices.data.list.some(
        (n: { kind: string; params: { state: string } }) =>
          n.kind === 'withdraw_protection_changed' && n.params.state === 'off',
      );
    }, 'the security notice');
  });

  test('a password change: turning on is immediate, turning off waits 24 h from the change', async () => {
    const u = await walletUser(t, { kyc: true });
    moveClock(30 * HOUR);
    expect((await setProtection(u.token, false)).code).toBe(0);

    moveClock(HOUR);
    const changedAt = Date.now();
    const changed = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: u.password, newPassword: 'another-horse-2' },
      { token: u.token },
    );
    expect(changed.code).toBe(0);
    // The other sessions ended; this one goes on.
    expect(await setProtection(u.token, true)).toMatchObject({ code: 0, data: { isOn: true } });
    const until = new Date(changedAt + 24 * HOUR).toISOString();
    expect(await setProtection(u.token, false)).toMatchObject({ code: 4021, data: { until } });
    moveClock(23 * HOUR);
    expect((await setProtection(u.token, false)).code).toBe(4021);
    moveClock(HOUR);
    expect((await setProtection(u.token, false)).code).toBe(0);
  });

  test('a one-time password from an operator: turning off waits 24 h from its issue, and the user is told', async () => {
    const u = await walletUser(t, { kyc: true });
    moveClock(30 * HOUR);
    // A fresh operator session (they last 8 h), after the payment password's own 24 h have passed.
    const operator = (await adminWithRole(t, 'support')).token;
    const issuedAt = Date.now();
    const issued = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.userId}/one-time-password`,
      { reason: 'forgot password, verified by phone' },
      { token: operator },
    );
    expect(issued.code).toBe(0);
    const destinations = async () =>
      (await call(t.app, 'GET', `/api/admin/users/${u.userId}/withdrawal_destinations`, undefined, { token: operator }))
        .data;
    const until = new Date(issuedAt + 24 * HOUR).toISOString();
    expect((await destinations()).protection).toEqual({ isOn: true, cooldownHours: 24, lockedUntil: until });

    const login = await call(t.app, 'POST', '/api/user/login', {
      username: u.username,
      password: issued.data.password,
    });
    const token = login.data.token as string;
    const changed = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: issued.data.password, newPassword: 'my-own-pass-9' },
      { token },
    );
    expect(changed.code).toBe(0);
    expect(await setProtection(token, false)).toMatchObject({ code: 4021 });

    // Two notices: one for the operator's one-time password, one for the user's own new password.
    await waitUntil(async () => {
      const notices = await call(t.app, 'POST', '/api/notification/list', {}, { token });
      return notices.data.list.filter((n: { kind: string }) => n.kind === 'password_changed').length === 2;
    }, 'the security notices');
  });

  test('turning TOTP on: off waits 24 h from it (the code is asked too, and a refusal does not spend it)', async () => {
    const u = await walletUser(t, { kyc: true });
    moveClock(30 * HOUR);
    const changedAt = Date.now();
    const { secret } = await turnOnTotp(t, u);
    const until = new Date(changedAt + 24 * HOUR).toISOString();
    expect(await protection(u.token)).toMatchObject({ isOn: true, lockedUntil: until });
    expect((await setProtection(u.token, false)).code).toBe(2101); // two_factor_required
    const code = codeNow(secret);
    expect(await setProtectionWith(u.token, false, code)).toMatchObject({ code: 4021, data: { until } });
    moveClock(24 * HOUR - 60_000);
    expect(await setProtectionWith(u.token, false, codeNow(secret))).toMatchObject({ code: 4021, data: { until } });
    moveClock(60_000);
    expect(await setProtectionWith(u.token, false, codeNow(secret))).toMatchObject({
      code: 0,
      data: { isOn: false, lockedUntil: null },
    });
  });

  test('adding a passkey: off waits 24 h from it, confirmed by the passkey', async () => {
    const u = await walletUser(t, { kyc: true });
    moveClock(30 * HOUR);
    expect((await protection(u.token)).lockedUntil).toBeNull();
    const changedAt = Date.now();
    const { credential } = await addPasskey(t, u);
    const until = new Date(changedAt + 24 * HOUR).toISOString();
    expect((await protection(u.token)).lockedUntil).toBe(until);
    const refused = await setProtectionWith(u.token, false, await passkeyAnswer(u.token, credential));
    expect(refused).toMatchObject({ code: 4021, data: { until } });
    moveClock(24 * HOUR);
    const allowed = await setProtectionWith(u.token, false, await passkeyAnswer(u.token, credential));
    expect(allowed).toMatchObject({ code: 0, data: { isOn: false } });
  });

  test('removing a passkey: the lock starts again from the removal; turning it on stays immediate', async () => {
    const u = await walletUser(t, { kyc: true });
    const { secret } = await turnOnTotp(t, u);
    const { id } = await addPasskey(t, u);
    moveClock(30 * HOUR);
    expect((await setProtectionWith(u.token, false, codeNow(secret))).code).toBe(0);
    moveClock(HOUR);
    const removedAt = Date.now();
    const removed = await call(
      t.app,
      'POST',
      '/api/user/passkeys/remove',
      { id, password: u.password, twoFactorCode: codeNow(secret) },
      { token: u.token },
    );
    expect(removed.code).toBe(0);
    const until = new Date(removedAt + 24 * HOUR).toISOString();
    moveClock(30_000); // the next code
    expect(await setProtectionWith(u.token, true, codeNow(secret))).toMatchObject({ code: 0, data: { isOn: true } });
    moveClock(30_000);
    expect(await setProtectionWith(u.token, false, codeNow(secret))).toMatchObject({ code: 4021, data: { until } });
    moveClock(24 * HOUR);
    expect((await setProtectionWith(u.token, false, codeNow(secret))).code).toBe(0);
  });

  test('a wrong payment password changes nothing', async () => {
    const u = await walletUser(t);
    const r = await call(
      t.app,
      'POST',
      '/api/user/set_withdraw_protection',
      { isOn: false, payPassword: '000000' },
      { token: u.token },
    );
    expect(r.code).toBe(2009);
    expect((await protection(u.token)).isOn).toBe(true);
  });
});

test('parallel withdrawals to a cooled-down card still never overdraw', async () => {
  const u = await walletUser(t, { kyc: true, card: true });
  await fund(t, u, '1000', finance);
  moveClock(24 * HOUR);
  const results = await Promise.all(Array.from({ length: 20 }, () => bankWithdraw(u.token, '70')));
  expect(results.filter((r) => r.code === 0)).toHaveLength(14);
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4002)).toBe(true);
  expect(await balances(u.token)).toMatchObject({ available: '20', frozen: '980' });
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('the back office reads each destination’s bound-at time, its cooldown and the setting', async () => {
  const u = await walletUser(t, { card: true });
  moveClock(2 * HOUR);
  const address = await bindAddress(u.token);
  const r = await call(t.app, 'GET', `/api/admin/users/${u.userId}/withdrawal_destinations`, undefined, {
    token: support,
  });
  expect(r.data).toEqual({
    protection: { isOn: true, cooldownHours: 24, lockedUntil: new Date(start + 24 * HOUR).toISOString() },
    card: {
      bankName: 'Vietcombank',
      cardNumber: '**** **** **** 5678',
      boundAt: new Date(start).toISOString(),
      usableAt: new Date(start + 24 * HOUR).toISOString(),
    },
    addresses: [
      {
        id: address.id,
        address: expect.any(String),
        label: null,
        boundAt: address.boundAt,
        usableAt: new Date(start + 26 * HOUR).toISOString(),
      },
    ],
  });
});
