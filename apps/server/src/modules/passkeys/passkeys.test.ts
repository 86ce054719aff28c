import { ERRORS } from '@app/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { fundUsers } from '../orders/orders.test-support.js';
import { codeNow, createTwoFactorTestApp, startClock, turnOnTotp } from '../two-factor/two-factor.test-support.js';
import { users } from '../users/users.tables.js';
import { PAY, walletUser } from '../wallet/wallet.test-support.js';
import { passkeyChallenges, userPasskeys } from './passkeys.tables.js';
import { addPasskey, assert, attest, moneyMoveCode, newCredential } from './passkeys.test-support.js';

let t: TestApp;
const changes: { userId: number; change: string }[] = [];
beforeAll(async () => {
  startClock();
  t = await createTwoFactorTestApp();
  t.app.events.on('secondFactorChanged', (e) => changes.push(e));
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const post = (url: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, body, { token, lang: 'en', headers });
const balances = async (token: string) => (await post('/api/user/balance_list', {}, token)).data;
const loginOptions = async () => (await post('/api/user/passkeys/login_options', {})).data.options;
const moneyOptions = async (token: string) =>
  (await post('/api/user/passkeys/money_move_options', {}, token)).data.options;
const rowsOf = (userId: number) => t.database.db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId));

describe('registering', () => {
  test('several named passkeys per user; the list shows names and dates, never a key; each addition is a security notice', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const first = await addPasskey(t, u, 'Phone');
    const second = await addPasskey(t, u, '  Laptop  ');
    const list = await post('/api/user/passkeys/list', {}, u.token);
    expect(list.data.list.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Laptop']);
    expect(list.data.list[0]).toEqual({
      id: first.id,
      name: 'Phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
      isBackedUp: false,
    });
    const rows = await rowsOf(userId);
    expect(rows.map((r) => r.credentialId)).toEqual([
      first.credential.id.toString('base64url'),
      second.credential.id.toString('base64url'),
    ]);
    expect(rows[0]).toMatchObject({ counter: 0, transports: ['internal'], deviceType: 'singleDevice' });
    expect(rows[0]?.publicKey.length).toBeGreaterThan(60);
    expect(JSON.stringify(list.data)).not.toContain(rows[0]?.publicKey);
    expect(changes.filter((c) => c.userId === userId).map((c) => c.change)).toEqual(['passkey_added', 'passkey_added']);
    expect((await post('/api/user/details', {}, u.token)).data.hasPasskey).toBe(true);
  });

  test('adding one needs the login password; a wrong one is refused and counted', async () => {
    const u = await registerUser(t.app);
    const r = await post('/api/user/passkeys/register_options', { password: 'not-the-password' }, u.token);
    expect(r.code).toBe(ERRORS.password_incorrect.code);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(u.user.id)));
    expect(row?.payFailures).toBe(1);
    expect((await post('/api/user/passkeys/register_options', {}, u.token)).code).toBe(ERRORS.validation_failed.code);
  });

  test('a registration challenge works once, only for its user, and not after it expired', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const options = (await post('/api/user/passkeys/register_options', { password: u.password }, u.token)).data.options;
    const credential = newCredential();
    const answer = attest(credential, options);
    // Another user cannot use it.
    const stolen = await post('/api/user/passkeys/register', { name: 'X', response: answer }, other.token);
    expect(stolen.code).toBe(ERRORS.passkey_challenge_expired.code);
    expect((await post('/api/user/passkeys/register', { name: 'A', response: answer }, u.token)).code).toBe(0);
    const replay = await post('/api/user/passkeys/register', { name: 'B', response: answer }, u.token);
    expect(replay.code).toBe(ERRORS.passkey_challenge_expired.code);
    expect(await rowsOf(Number(u.user.id))).toHaveLength(1);

    const late = (await post('/api/user/passkeys/register_options', { password: u.password }, u.token)).data.options;
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const expired = await post(
      '/api/user/passkeys/register',
      { name: 'C', response: attest(newCredential(), late) },
      u.token,
    );
    expect(expired.code).toBe(ERRORS.passkey_challenge_expired.code);
    expect(await rowsOf(Number(u.user.id))).toHaveLength(1);
  });

  test('an answer for another origin or relying party is refused', async () => {
    const u = await registerUser(t.app);
    for (const at of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const options = (await post('/api/user/passkeys/register_options', { password: u.password }, u.token)).data
        .options;
      const r = await post(
        '/api/user/passkeys/register',
        { name: 'A', response: attest(newCredential(), options, at) },
        u.token,
      );
      expect(r.code).toBe(ERRORS.passkey_verification_failed.code);
    }
    expect(await rowsOf(Number(u.user.id))).toHaveLength(0);
  });

  test('names are 1 to 40 characters; a malformed answer is a 400, never a 500', async () => {
    const u = await registerUser(t.app);
    const options = (await post('/api/user/passkeys/register_options', { password: u.password }, u.token)).data.options;
    const answer = attest(newCredential(), options);
    const blank = await post('/api/user/passkeys/register', { name: '   ', response: answer }, u.token);
    expect(blank.status).toBe(400);
    expect(blank.data.fields.name).toBe('Please name the passkey');
    const long = await post('/api/user/passkeys/register', { name: 'x'.repeat(41), response: answer }, u.token);
    expect(long.data.fields.name).toBe('Name: at most 40 characters');
    const garbage = await post(
      '/api/user/passkeys/register',
      { name: 'A', response: { ...answer, response: { ...answer.response, attestationObject: 'AAAA' } } },
      u.token,
    );
    expect(garbage.code).toBe(ERRORS.passkey_verification_failed.code);
  });
});

describe('renaming and removing', () => {
  test('rename; remove with the password and the passkey itself (a security notice); another user cannot touch them', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { id, credential } = await addPasskey(t, u, 'Phone');
    expect((await post('/api/user/passkeys/rename', { id, name: 'Old phone' }, u.token)).code).toBe(0);
    expect((await post('/api/user/passkeys/rename', { id, name: 'Mine' }, other.token)).code).toBe(
      ERRORS.passkey_not_found.code,
    );
    expect((await post('/api/user/passkeys/remove', { id, password: other.password }, other.token)).code).toBe(
      ERRORS.passkey_not_found.code,
    );
    expect((await post('/api/user/passkeys/list', {}, u.token)).data.list[0].name).toBe('Old phone');
    const answer = () => moneyOptions(u.token).then((options) => moneyMoveCode(assert(credential, options)));
    expect(
      (
        await post(
          '/api/user/passkeys/remove',
          { id, password: 'wrong-password', twoFactorCode: await answer() },
          u.token,
        )
      ).code,
    ).toBe(ERRORS.password_incorrect.code);
    expect(await rowsOf(Number(u.user.id))).toHaveLength(1);
    expect(
      (await post('/api/user/passkeys/remove', { id, password: u.password, twoFactorCode: await answer() }, u.token))
        .code,
    ).toBe(0);
    expect(await rowsOf(Number(u.user.id))).toHaveLength(0);
    expect(changes.filter((c) => c.userId === Number(u.user.id)).at(-1)?.change).toBe('passkey_removed');
    // A removed passkey signs nobody in.
    const r = await post('/api/user/login_passkey', { response: assert(credential, await loginOptions()) });
    expect(r.code).toBe(ERRORS.passkey_not_recognised.code);
    expect((await post('/api/user/details', {}, u.token)).data.hasPasskey).toBe(false);
  });

  test('removing one needs a second factor besides the password: a session and the password alone strip nothing', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const phone = await addPasskey(t, u, 'Phone');
    const laptop = await addPasskey(t, u, 'Laptop');
    const remove = (id: string, twoFactorCode?: string) =>
      post('/api/user/passkeys/remove', { id, password: u.password, twoFactorCode }, u.token);
    expect((await remove(phone.id)).code).toBe(ERRORS.two_factor_required.code);
    // Another of the user's passkeys answers for it; the answer is spent with the removal.
    const byLaptop = moneyMoveCode(assert(laptop.credential, await moneyOptions(u.token)));
    expect((await remove(phone.id, byLaptop)).code).toBe(0);
    expect((await rowsOf(userId)).map((r) => r.name)).toEqual(['Laptop']);
    expect((await remove(laptop.id, byLaptop)).code).toBe(ERRORS.passkey_challenge_expired.code);
    // With TOTP on, a code does; a wrong code counts toward the money-move lock.
    const { secret } = await turnOnTotp(t, u);
    expect((await remove(laptop.id, '000000')).code).toBe(ERRORS.two_factor_code_incorrect.code);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.payFailures).toBe(1);
    expect(await rowsOf(userId)).toHaveLength(1);
    expect((await remove(laptop.id, codeNow(secret))).code).toBe(0);
    expect(await rowsOf(userId)).toHaveLength(0);
    expect(changes.filter((c) => c.userId === userId).map((c) => c.change)).toEqual([
      'passkey_added',
      'passkey_added',
      'passkey_removed',
      'enabled',
      'passkey_removed',
    ]);
  });
});

describe('signing in', () => {
  test('a passkey opens a session like a password does, recorded in the history; no TOTP code follows', async () => {
    const u = await registerUser(t.app);
    await turnOnTotp(t, u);
    const { credential } = await addPasskey(t, u);
    const r = await post('/api/user/login_passkey', { response: assert(credential, await loginOptions()) });
    expect(r.code).toBe(0);
    expect(r.data.user.username).toBe(u.username);
    expect((await post('/api/user/details', {}, r.data.token)).data.username).toBe(u.username);
    const history = await post('/api/user/login_history', { page: 1, pageSize: 10 }, r.data.token);
    expect(history.data.list[0]).toMatchObject({ outcome: 'success' });
    const [row] = await rowsOf(Number(u.user.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).not.toBeNull();
  });

  test('a challenge answered twice is refused the second time', async () => {
    const u = await registerUser(t.app);
    const { credential } = await addPasskey(t, u);
    const options = await loginOptions();
    const answer = assert(credential, options);
    expect((await post('/api/user/login_passkey', { response: answer })).code).toBe(0);
    const replay = await post('/api/user/login_passkey', { response: answer });
    expect(replay.code).toBe(ERRORS.passkey_challenge_expired.code);
    // A fresh answer to the same (spent) challenge too.
    const again = await post('/api/user/login_passkey', { response: assert(credential, options) });
    expect(again.code).toBe(ERRORS.passkey_challenge_expired.code);
  });

  test('a counter that went back (a copied key) is refused', async () => {
    const u = await registerUser(t.app);
    const { credential } = await addPasskey(t, u);
    expect(
      (await post('/api/user/login_passkey', { response: assert(credential, await loginOptions(), { counter: 5 }) }))
        .code,
    ).toBe(0);
    const back = await post('/api/user/login_passkey', {
      response: assert(credential, await loginOptions(), { counter: 3 }),
    });
    expect(back.code).toBe(ERRORS.passkey_counter_invalid.code);
    const same = await post('/api/user/login_passkey', {
      response: assert(credential, await loginOptions(), { counter: 5 }),
    });
    expect(same.code).toBe(ERRORS.passkey_counter_invalid.code);
    expect((await rowsOf(Number(u.user.id)))[0]?.counter).toBe(5);
  });

  test('a forged signature is refused and counted toward the login lock', async () => {
    const u = await registerUser(t.app);
    const { credential } = await addPasskey(t, u);
    const forger = newCredential();
    forger.id = credential.id;
    const r = await post('/api/user/login_passkey', { response: assert(forger, await loginOptions()) });
    expect(r.code).toBe(ERRORS.passkey_verification_failed.code);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(u.user.id)));
    expect(row?.loginFailures).toBe(1);
    expect(
      await t.database.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.purpose, 'login')),
    ).not.toHaveLength(0);
  });
});

/** A verified, funded user with a bound card and a payment password, and a passkey (no TOTP). */
async function moneyUser() {
  const u = await walletUser(t, { kyc: true, card: true });
  await fundUsers(t.database.db, [u.userId], 1_000_000_000n, `passkeys-${u.userId}`);
  const { credential } = await addPasskey(t, u);
  return { ...u, credential };
}

describe('the second factor of money moves', () => {
  const withdraw = (token: string, twoFactorCode?: string, key?: string) =>
    post(
      '/api/wallet/bankWithdrawal',
      { amount: '50', payPassword: PAY, twoFactorCode },
      token,
      key ? { 'idempotency-key': key } : undefined,
    );

  test('a user with a passkey must answer with it; the answer works once', async () => {
    const u = await moneyUser();
    expect((await withdraw(u.token)).code).toBe(ERRORS.two_factor_required.code);
    const answer = moneyMoveCode(assert(u.credential, await moneyOptions(u.token)));
    expect((await withdraw(u.token, answer)).code).toBe(0);
    expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
    expect((await withdraw(u.token, answer)).code).toBe(ERRORS.passkey_challenge_expired.code);
    expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
  });

  test("another user's passkey, a sign-in challenge, or a counter gone back is refused; nothing moves", async () => {
    const u = await moneyUser();
    const other = await moneyUser();
    const stolen = moneyMoveCode(assert(other.credential, await moneyOptions(u.token)));
    expect((await withdraw(u.token, stolen)).code).toBe(ERRORS.passkey_not_recognised.code);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.userId));
    expect(row?.payFailures).toBe(1);
    const loginChallenge = moneyMoveCode(assert(u.credential, await loginOptions()));
    expect((await withdraw(u.token, loginChallenge)).code).toBe(ERRORS.passkey_challenge_expired.code);
    expect(
      (await withdraw(u.token, moneyMoveCode(assert(u.credential, await moneyOptions(u.token), { counter: 9 })))).code,
    ).toBe(0);
    const back = moneyMoveCode(assert(u.credential, await moneyOptions(u.token), { counter: 2 }));
    expect((await withdraw(u.token, back)).code).toBe(ERRORS.passkey_counter_invalid.code);
    expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
  });

  test('a replay with the same Idempotency-Key gets the first answer', async () => {
    const u = await moneyUser();
    const answer = moneyMoveCode(assert(u.credential, await moneyOptions(u.token)));
    const key = `passkey-replay-${u.userId}`;
    const first = await withdraw(u.token, answer, key);
    const replay = await withdraw(u.token, answer, key);
    expect(first.code).toBe(0);
    expect(replay.data.id).toBe(first.data.id);
    expect(replay.response.headers['idempotent-replayed']).toBe('true');
    expect(await balances(u.token)).toMatchObject({ available: '950', frozen: '50' });
  });

  test('with TOTP on too, either the code or the passkey answers; a malformed answer is refused', async () => {
    const u = await moneyUser();
    const { secret } = await turnOnTotp(t, u);
    expect((await withdraw(u.token)).code).toBe(ERRORS.two_factor_required.code);
    expect((await withdraw(u.token, 'passkey:AAAA')).code).toBe(ERRORS.passkey_verification_failed.code);
    expect((await withdraw(u.token, moneyMoveCode(assert(u.credential, await moneyOptions(u.token))))).code).toBe(0);
    expect((await withdraw(u.token, codeNow(secret))).code).toBe(0);
    expect(await balances(u.token)).toMatchObject({ available: '900', frozen: '100' });
  });

  test('a user without a passkey gets no money-move options', async () => {
    const u = await registerUser(t.app);
    expect((await post('/api/user/passkeys/money_move_options', {}, u.token)).code).toBe(ERRORS.passkey_not_found.code);
  });
});

test('the back office sees how many passkeys a user has', async () => {
  const u = await registerUser(t.app);
  await addPasskey(t, u);
  await addPasskey(t, u);
  const support = await adminWithRole(t, 'support');
  const r = await call(t.app, 'GET', `/api/admin/users/${u.user.id}/passkeys`, undefined, { token: support.token });
  expect(r.data).toEqual({ count: 2 });
});
