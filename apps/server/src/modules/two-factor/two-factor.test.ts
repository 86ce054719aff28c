import { ERRORS } from '@app/contract/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { insertWealthProduct } from '../earn/wealth.test-support.js';
import { fundUsers } from '../orders/orders.test-support.js';
import { userSessions, users } from '../users/users.tables.js';
import { bankCardInput, newTronAddress, PAY, walletUser } from '../wallet/wallet.test-support.js';
import { loginChallenges, userRecoveryCodes, userTotp } from './two-factor.tables.js';
import { codeNow, createTwoFactorTestApp, nextStep, startClock, turnOnTotp } from './two-factor.test-support.js';

let t: TestApp;
beforeAll(async () => {
  startClock();
  t = await createTwoFactorTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const post = (url: string, body: unknown, token?: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });
const login = (username: string, password: string) => post('/api/user/login', { username, password });
const secondStep = (challenge: string, code: string) => post('/api/user/login_two_factor', { challenge, code });
const balances = async (token: string) => (await post('/api/user/balance_list', {}, token)).data;

describe('setup', () => {
  test('a secret and an otpauth URI, off until a code confirms it; then ten recovery codes, stored hashed', async () => {
    const u = await registerUser(t.app);
    const setup = await post('/api/user/two_factor/setup', {}, u.token);
    expect(setup.code).toBe(0);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUri).toBe(
      `otpauth://totp/Vela:${u.username}?issuer=Vela&secret=${setup.data.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await post('/api/user/two_factor/status', {}, u.token)).data).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    // A pending secret asks nothing at login yet.
    expect((await login(u.username, u.password)).data.token).toBeTruthy();

    const wrong = await post('/api/user/two_factor/enable', { password: u.password, code: '000000' }, u.token);
    expect(wrong.code).toBe(ERRORS.two_factor_code_incorrect.code);
    expect(wrong.msg).toBe('The verification code is not correct');
    const notSix = await post('/api/user/two_factor/enable', { password: u.password, code: '12345' }, u.token);
    expect(notSix.status).toBe(400);
    expect(notSix.data.fields.code).toBe('The code must be 6 digits');

    const enabled = await post(
      '/api/user/two_factor/enable',
      { password: u.password, code: codeNow(setup.data.secret) },
      u.token,
    );
    expect(enabled.code).toBe(0);
    const codes: string[] = enabled.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const status = await post('/api/user/two_factor/status', {}, u.token);
    expect(status.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.data)).not.toContain(setup.data.secret);
    expect((await post('/api/user/details', {}, u.token)).data.twoFactorEnabled).toBe(true);

    const userId = Number(u.user.id);
    const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, userId));
    expect(row!.status).toBe('enabled');
    expect(row!.secretCiphertext).toMatch(/^v1:/);
    expect(row!.secretCiphertext).not.toContain(setup.data.secret);
    const hashes = await t.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    expect(hashes).toHaveLength(10);
    for (const h of hashes) {
      expect(h.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((c) => h.codeHash.includes(c.replace('-', '')))).toBe(false);
    }
    // Once on, a new setup is refused (the secret is never answered again).
    const again = await post('/api/user/two_factor/setup', {}, u.token);
    expect(again.code).toBe(ERRORS.two_factor_already_enabled.code);
    expect(again.response.body).not.toContain(setup.data.secret);
  });
  test('turning it on needs the login password: a session alone enrols no authenticator; wrong ones count toward the money-move lock', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const setup = await post('/api/user/two_factor/setup', {}, u.token);
    const noPassword = await post('/api/user/two_factor/enable', { code: codeNow(setup.data.secret) }, u.token);
    expect(noPassword.status).toBe(400);
    expect(noPassword.data.fields.password).toBe('Please enter the password');
    for (let i = 1; i <= 4; i++) {
      const wrong = await post(
        '/api/user/two_factor/enable',
        { password: 'not-the-password', code: codeNow(setup.data.secret) },
        u.token,
      );
      expect(wrong.code).toBe(ERRORS.password_incorrect.code);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(row!.payFailures).toBe(i);
    }
    // The fifth wrong one locks money moves and second-factor changes, as adding a passkey's would.
    const fifth = await post(
      '/api/user/two_factor/enable',
      { password: 'not-the-password', code: codeNow(setup.data.secret) },
      u.token,
    );
    expect(fifth.code).toBe(ERRORS.pay_password_locked.code);
    const locked = await post(
      '/api/user/two_factor/enable',
      { password: u.password, code: codeNow(setup.data.secret) },
      u.token,
    );
    expect(locked.code).toBe(ERRORS.pay_password_locked.code);
    const passkeyOptions = await post('/api/user/passkeys/register_options', { password: u.password }, u.token);
    expect(passkeyOptions.code).toBe(ERRORS.pay_password_locked.code);
    expect((await post('/api/user/two_factor/status', {}, u.token)).data.enabled).toBe(false);
    expect(await t.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId))).toEqual(
      [],
    );
  });
});

describe('login', () => {
  test('a user without TOTP gets { token, user } as before', async () => {
    const u = await registerUser(t.app);
    const r = await login(u.username, u.password);
    expect(r.code).toBe(0);
    expect(Object.keys(r.data).sort()).toEqual(['token', 'user']);
    expect(r.data.user.twoFactorEnabled).toBe(false);
  });

  test('with TOTP: the password answers a challenge and opens no session; the code completes the login once', async () => {
    const u = await registerUser(t.app);
    const { secret } = await turnOnTotp(t, u);
    const userId = Number(u.user.id);
    const sessionsBefore = (await t.database.db.select().from(userSessions).where(eq(userSessions.userId, userId)))
      .length;

    const first = await login(u.username, u.password);
    expect(first.code).toBe(0);
    expect(first.data).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(first.data.token).toBeUndefined();
    expect((await t.database.db.select().from(userSessions).where(eq(userSessions.userId, userId))).length).toBe(
      sessionsBefore,
    );

    const code = codeNow(secret);
    const done = await secondStep(first.data.challenge, code);
    expect(done.code).toBe(0);
    expect(done.data.user.username).toBe(u.username);
    expect((await post('/api/user/details', {}, done.data.token)).data.username).toBe(u.username);
    // The challenge works once.
    expect((await secondStep(first.data.challenge, code)).code).toBe(ERRORS.login_challenge_expired.code);

    // The same code on a new challenge: refused (ASVS 6.5.1), and not counted as a guess.
    const second = await login(u.username, u.password);
    const replay = await secondStep(second.data.challenge, code);
    expect(replay.code).toBe(ERRORS.two_factor_code_used.code);
    expect(replay.msg).toBe('This code was already used, please wait for the next one');
    nextStep();
    expect((await secondStep(second.data.challenge, codeNow(secret))).code).toBe(0);
  });

  test('a challenge expires after five minutes', async () => {
    const u = await registerUser(t.app);
    const { secret } = await turnOnTotp(t, u);
    const first = await login(u.username, u.password);
    await t.database.db
      .update(loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginChallenges.userId, Number(u.user.id)));
    expect((await secondStep(first.data.challenge, codeNow(secret))).code).toBe(ERRORS.login_challenge_expired.code);
  });

  test('wrong codes count toward the same lock as wrong passwords', async () => {
    const u = await registerUser(t.app);
    const { secret } = await turnOnTotp(t, u);
    // Two wrong passwords, then three wrong codes: five failures lock the account.
    expect((await login(u.username, 'wrong-password-1')).code).toBe(ERRORS.password_incorrect.code);
    expect((await login(u.username, 'wrong-password-2')).code).toBe(ERRORS.password_incorrect.code);
    const { challenge } = (await login(u.username, u.password)).data;
    expect((await secondStep(challenge, '111111')).code).toBe(ERRORS.two_factor_code_incorrect.code);
    expect((await secondStep(challenge, '222222')).code).toBe(ERRORS.two_factor_code_incorrect.code);
    const fifth = await secondStep(challenge, '333333');
    expect(fifth.code).toBe(ERRORS.account_locked.code);
    // Locked: the right code does not get in, nor does the right password.
    expect((await secondStep(challenge, codeNow(secret))).code).toBe(ERRORS.account_locked.code);
    expect((await login(u.username, u.password)).code).toBe(ERRORS.account_locked.code);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(u.user.id)));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  test('the right password alone does not clear the count of wrong codes', async () => {
    const u = await registerUser(t.app);
    await turnOnTotp(t, u);
    for (let i = 0; i < 4; i++) {
      const { challenge } = (await login(u.username, u.password)).data;
      expect((await secondStep(challenge, '123123')).code).toBe(ERRORS.two_factor_code_incorrect.code);
    }
    const { challenge } = (await login(u.username, u.password)).data;
    expect((await secondStep(challenge, '123123')).code).toBe(ERRORS.account_locked.code);
  });

  test('a recovery code signs in once', async () => {
    const u = await registerUser(t.app);
    const { recoveryCodes } = await turnOnTotp(t, u);
    const first = await login(u.username, u.password);
    const done = await secondStep(first.data.challenge, recoveryCodes[3]!.toUpperCase());
    expect(done.code).toBe(0);
    const second = await login(u.username, u.password);
    expect((await secondStep(second.data.challenge, recoveryCodes[3]!)).code).toBe(ERRORS.two_factor_code_used.code);
    expect((await post('/api/user/two_factor/status', {}, done.data.token)).data.recoveryCodesLeft).toBe(9);
    expect((await secondStep(second.data.challenge, 'aaaaa-bbbbb')).code).toBe(ERRORS.two_factor_code_incorrect.code);
  });
});

/** A user with a verified identity, a bound card, a payment password, 1 000 USDT, and TOTP on. */
async function moneyUser() {
  const u = await walletUser(t, { kyc: true, card: true });
  await fundUsers(t.database.db, [u.userId], 1_000_000_000n, `two-factor-${u.userId}`);
  const wallet = await post('/api/user/save_wallet', { address: newTronAddress(), payPassword: PAY }, u.token);
  const { secret, recoveryCodes } = await turnOnTotp(t, u);
  return { ...u, secret, recoveryCodes, walletId: wallet.data.id as string };
}

describe('money moves', () => {
  const moves: [string, string, (u: Awaited<ReturnType<typeof moneyUser>>) => Promise<Record<string, unknown>>][] = [
    ['bank withdrawal', '/api/wallet/bankWithdrawal', async () => ({ amount: '50', payPassword: PAY })],
    [
      'TRC20 withdrawal',
      '/api/wallet/trcWithdrawal',
      async (u) => ({ amount: '50', payPassword: PAY, walletId: u.walletId }),
    ],
    ['replacing the card', '/api/user/save_bank', async () => bankCardInput({ holderName: 'Tran Thi B' })],
    ['binding an address', '/api/user/save_wallet', async () => ({ address: newTronAddress(), payPassword: PAY })],
    [
      'locked earn subscription',
      '/api/wealth/submit',
      async () => ({ productId: String((await insertWealthProduct(t)).id), amount: '100', payPassword: PAY }),
    ],
    [
      'flexible earn subscription',
      '/api/Defi/orderMoney',
      async () => ({ action: 'subscribe', amount: '100', payPassword: PAY }),
    ],
    ['payment password change', '/api/user/reset_paypwd', async (u) => ({ password: u.password, newPayPassword: PAY })],
  ];

  test.each(moves)(
    '%s: refused without a code and with a wrong one (nothing moves), accepted with one',
    async (_, url, bodyOf) => {
      const u = await moneyUser();
      const body = await bodyOf(u);
      const before = await balances(u.token);
      const cards = await post('/api/user/bank_card', {}, u.token);
      const wallets = await post('/api/user/getUserWallets', {}, u.token);

      const without = await post(url, body, u.token);
      expect(without.code).toBe(ERRORS.two_factor_required.code);
      expect(without.msg).toBe('Enter the code from your authenticator app');
      const wrong = await post(url, { ...body, twoFactorCode: '000000' }, u.token);
      expect(wrong.code).toBe(ERRORS.two_factor_code_incorrect.code);
      expect(await balances(u.token)).toEqual(before);
      expect((await post('/api/user/bank_card', {}, u.token)).data).toEqual(cards.data);
      expect((await post('/api/user/getUserWallets', {}, u.token)).data).toEqual(wallets.data);

      const code = codeNow(u.secret);
      const accepted = await post(url, { ...body, twoFactorCode: code }, u.token);
      expect(accepted.code, accepted.msg).toBe(0);
      // The same code again: refused, nothing moves.
      const after = await balances(u.token);
      const again = await post(url, { ...body, twoFactorCode: code }, u.token);
      expect(again.code).toBe(ERRORS.two_factor_code_used.code);
      expect(await balances(u.token)).toEqual(after);
    },
  );

  test('a withdrawal moves available → frozen only with the code; a recovery code works once', async () => {
    const u = await moneyUser();
    const r = await post(
      '/api/wallet/bankWithdrawal',
      { amount: '50', payPassword: PAY, twoFactorCode: u.recoveryCodes[0] },
      u.token,
    );
    expect(r.code).toBe(0);
    expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
    const again = await post(
      '/api/wallet/bankWithdrawal',
      { amount: '50', payPassword: PAY, twoFactorCode: u.recoveryCodes[0] },
      u.token,
    );
    expect(again.code).toBe(ERRORS.two_factor_code_used.code);
    expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
  });

  test('a replay with the same Idempotency-Key gets the first answer, not a refusal of the spent code', async () => {
    const u = await moneyUser();
    const body = { amount: '50', payPassword: PAY, twoFactorCode: codeNow(u.secret) };
    const headers = { 'idempotency-key': `two-factor-replay-${u.userId}` };
    const first = await call(t.app, 'POST', '/api/wallet/bankWithdrawal', body, { token: u.token, headers });
    const replay = await call(t.app, 'POST', '/api/wallet/bankWithdrawal', body, { token: u.token, headers });
    expect(first.code).toBe(0);
    expect(replay.code).toBe(0);
    expect(replay.data.id).toBe(first.data.id);
    expect(replay.response.headers['idempotent-replayed']).toBe('true');
    expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
  });

  test('wrong codes count toward the money-move lock, like wrong payment passwords', async () => {
    const u = await moneyUser();
    for (let i = 0; i < 4; i++) {
      const r = await post(
        '/api/wallet/bankWithdrawal',
        { amount: '50', payPassword: PAY, twoFactorCode: '999999' },
        u.token,
      );
      expect(r.code).toBe(ERRORS.two_factor_code_incorrect.code);
    }
    const fifth = await post(
      '/api/wallet/bankWithdrawal',
      { amount: '50', payPassword: PAY, twoFactorCode: '999999' },
      u.token,
    );
    expect(fifth.code).toBe(ERRORS.pay_password_locked.code);
    const right = await post(
      '/api/wallet/bankWithdrawal',
      { amount: '50', payPassword: PAY, twoFactorCode: codeNow(u.secret) },
      u.token,
    );
    expect(right.code).toBe(ERRORS.pay_password_locked.code);
    expect(await balances(u.token)).toMatchObject({ available: '1000', frozen: '0' });
  });

  test('flexible redeem needs no code (the money returns to the user’s own balance)', async () => {
    const u = await moneyUser();
    await post(
      '/api/Defi/orderMoney',
      { action: 'subscribe', amount: '100', payPassword: PAY, twoFactorCode: codeNow(u.secret) },
      u.token,
    );
    const redeem = await post('/api/Defi/orderMoney', { action: 'redeem', amount: '100', payPassword: PAY }, u.token);
    expect(redeem.code).toBe(0);
  });
});

describe('turning off, new recovery codes', () => {
  test('needs the login password and a code; then the login answers a token again', async () => {
    const u = await registerUser(t.app);
    const { secret } = await turnOnTotp(t, u);
    const noPassword = await post(
      '/api/user/two_factor/disable',
      { password: 'not-my-password', code: codeNow(secret) },
      u.token,
    );
    expect(noPassword.code).toBe(ERRORS.password_incorrect.code);
    const wrongCode = await post('/api/user/two_factor/disable', { password: u.password, code: '000000' }, u.token);
    expect(wrongCode.code).toBe(ERRORS.two_factor_code_incorrect.code);
    expect((await post('/api/user/two_factor/status', {}, u.token)).data.enabled).toBe(true);
    const off = await post('/api/user/two_factor/disable', { password: u.password, code: codeNow(secret) }, u.token);
    expect(off.code).toBe(0);
    expect((await post('/api/user/two_factor/status', {}, u.token)).data.enabled).toBe(false);
    expect((await login(u.username, u.password)).data.token).toBeTruthy();
    const rows = await t.database.db
      .select()
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, Number(u.user.id)));
    expect(rows).toHaveLength(0);
  });

  test('new recovery codes replace the old ones', async () => {
    const u = await registerUser(t.app);
    const { secret, recoveryCodes } = await turnOnTotp(t, u);
    const r = await post('/api/user/two_factor/recovery_codes', { code: codeNow(secret) }, u.token);
    expect(r.code).toBe(0);
    expect(r.data.recoveryCodes).toHaveLength(10);
    const { challenge } = (await login(u.username, u.password)).data;
    expect((await secondStep(challenge, recoveryCodes[0]!)).code).toBe(ERRORS.two_factor_code_incorrect.code);
    expect((await secondStep(challenge, r.data.recoveryCodes[0])).code).toBe(0);
  });
});

describe('the back office', () => {
  test('shows whether TOTP is on, never the secret; support resets it with a reason, audited', async () => {
    const u = await registerUser(t.app);
    const { secret } = await turnOnTotp(t, u);
    const support = await adminWithRole(t, 'support');
    const view = await call(t.app, 'GET', `/api/admin/users/${u.user.id}/two_factor`, undefined, {
      token: support.token,
    });
    expect(view.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(view.response.body).not.toContain(secret);
    const noReason = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.user.id}/two_factor/reset`,
      {},
      { token: support.token },
    );
    expect(noReason.status).toBe(400);
    const reset = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.user.id}/two_factor/reset`,
      { reason: 'lost phone, identity checked by video call' },
      { token: support.token },
    );
    expect(reset.code).toBe(0);
    expect(reset.data.enabled).toBe(false);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.two_factor_reset'));
    expect(audit).toMatchObject({ targetType: 'user', targetId: String(u.user.id) });
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect((await login(u.username, u.password)).data.token).toBeTruthy();
    const reviewer = await adminWithRole(t, 'reviewer');
    const refused = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.user.id}/two_factor/reset`,
      { reason: 'x' },
      { token: reviewer.token },
    );
    expect(refused.status).toBe(403);
  });
});
