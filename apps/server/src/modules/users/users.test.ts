import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, newUserInput, registerUser, type TestApp } from '../../test/test-app.js';
import { settings } from '../settings/settings.tables.js';
import { newTronAddress } from '../wallet/wallet.test-support.js';
import { LOGIN_LOCK_MS } from './users.service.js';
import { userSessions, users } from './users.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const register = (body: unknown, lang = 'en') => call(t.app, 'POST', '/api/user/register', body, { lang });
const login = (username: string, password: string, lang = 'en') =>
  call(t.app, 'POST', '/api/user/login', { username, password }, { lang });
const countUsers = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('user/register', () => {
  test('creates the account, answers a token and the profile, and the token works', async () => {
    const input = newUserInput({ username: 'Alice2024' });
    const r = await register(input);
    expect(r.status).toBe(200);
    expect(r.code).toBe(0);
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.data.user).toMatchObject({ username: 'Alice2024', level: 1, kycStatus: 'none', hasPayPassword: false });
    expect(r.data.user.phone).toBe(`${input.phone.slice(0, 3)}****${input.phone.slice(-4)}`);
    expect(r.data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(r.data.user.inviteLink).toBe(`/reg?code=${r.data.user.inviteCode}`);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'Alice2024'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Registering signs in: the back office shows it as the first login, not "—".
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
    expect(row!.lastLoginIp).toBeTruthy();
    const [session] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, row!.id));
    expect(session!.tokenHash).not.toContain(r.data.token);
    const details = await call(t.app, 'POST', '/api/user/details', {}, { token: r.data.token });
    expect(details.data.username).toBe('Alice2024');
  });

  test.each([
    ['abc', 'username_invalid'],
    ['abcd', null],
    ['a'.repeat(18), null],
    ['a'.repeat(19), 'username_invalid'],
    ['abc_def', 'username_invalid'],
    ['abc def', 'username_invalid'],
    ['用戶名稱', 'username_invalid'],
  ])('username %s', async (username, error) => {
    const before = await countUsers();
    const r = await register(newUserInput({ username }));
    if (error === null) {
      expect(r.code).toBe(0);
      expect(await countUsers()).toBe(before + 1);
    } else {
      expect(r.status).toBe(400);
      expect(r.code).toBe(1001);
      expect(r.data.fields.username).toBe('Username: 4 to 18 letters and numbers only');
      expect(await countUsers()).toBe(before);
    }
  });

  test.each([
    ['1390000000', false],
    ['13900000001', true],
    ['139000000012', false],
    ['1390000000a', false],
  ])('phone %s', async (phone, valid) => {
    const r = await register(newUserInput({ phone: valid ? `13${Date.now()}`.slice(0, 11) : phone }));
    if (valid) expect(r.code).toBe(0);
    else {
      expect(r.status).toBe(400);
      expect(r.data.fields.phone).toBe('The phone number must be exactly 11 digits');
    }
  });

  test('password bounds and not the username', async () => {
    expect((await register(newUserInput({ password: 'short12' }))).data.fields.password).toBe(
      'The password must be 8 to 64 characters',
    );
    expect((await register(newUserInput({ password: 'x'.repeat(65) }))).data.fields.password).toBeDefined();
    expect((await register(newUserInput({ password: 'x'.repeat(64) }))).code).toBe(0);
    const same = await register(newUserInput({ username: 'samename1', password: 'SameName1' }));
    expect(same.data.fields.password).toBe('The password must not be the username');
  });

  test('every missing field is named, in the request language', async () => {
    const r = await register({}, 'zn');
    expect(r.status).toBe(400);
    expect(r.msg).toBe('請檢查標示的欄位');
    expect(r.data.fields).toEqual({ username: '請輸入用戶名', phone: '請輸入手機號碼', password: '請輸入密碼' });
    const vn = await register({}, 'vi-VN');
    expect(vn.data.fields.username).toBe('Vui lòng nhập tên người dùng');
  });

  test('duplicates: username case-insensitively, phone exactly', async () => {
    const first = await registerUser(t.app, { username: 'DupUser1' });
    const sameName = await register(newUserInput({ username: 'dupuser1' }));
    expect(sameName.status).toBe(409);
    expect(sameName.msg).toBe('This username is already registered');
    const samePhone = await register(newUserInput({ phone: first.phone }));
    expect(samePhone.status).toBe(409);
    expect(samePhone.code).toBe(2002);
  });

  test('parallel sign-ups for one name: exactly one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => register(newUserInput({ username: 'RaceName1' }))),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
  });

  test('invite codes: a known code links the inviter; an unknown one is refused', async () => {
    const inviter = await registerUser(t.app);
    const invited = await register(newUserInput({ inviteCode: inviter.user.inviteCode.toLowerCase() }));
    expect(invited.code).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, invited.data.user.username));
    expect(row!.invitedBy).toBe(Number(inviter.user.id));
    const unknown = await register(newUserInput({ inviteCode: 'ZZZZ9999' }));
    expect(unknown.status).toBe(422);
    expect(unknown.msg).toBe('The invitation code does not exist');
    expect((await register(newUserInput({ inviteCode: 'bad code!' }))).data.fields.inviteCode).toBeDefined();
  });

  test('inviteRequired makes the code mandatory', async () => {
    // Settings are cached per process for a few seconds, so this runs on an app of its own.
    const fresh = await createTestApp();
    try {
      await fresh.database.db.insert(settings).values({ key: 'inviteRequired', value: true });
      const r = await call(fresh.app, 'POST', '/api/user/register', newUserInput(), { lang: 'en' });
      expect(r.status).toBe(422);
      expect(r.msg).toBe('Please enter the invitation code');
      const config = await call(fresh.app, 'POST', '/api/common/config', {});
      expect(config.data.inviteRequired).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  test('unknown fields are refused and change nothing', async () => {
    const before = await countUsers();
    const r = await register({ ...newUserInput(), level: 9 });
    expect(r.status).toBe(400);
    expect(r.data.fields.level).toBe('Unknown field');
    expect(await countUsers()).toBe(before);
  });
});

describe('user/login', () => {
  test('by username (any case) or by phone', async () => {
    const u = await registerUser(t.app, { username: 'LoginCase1' });
    const byName = await login('logincase1', u.password);
    expect(byName.code).toBe(0);
    expect(byName.data.user.username).toBe('LoginCase1');
    const byPhone = await login(u.phone, u.password);
    expect(byPhone.code).toBe(0);
    expect(byPhone.data.token).not.toBe(byName.data.token);
  });

  test('unknown user: "User Does Not Exist"', async () => {
    const r = await login('nobody12345', 'whatever-pass');
    expect(r.status).toBe(404);
    expect(r.msg).toBe('User Does Not Exist');
    expect((await login('nobody12345', 'whatever-pass', 'zn')).msg).toBe('用戶不存在');
  });

  test('wrong password, then five failures lock the account for 15 minutes', async () => {
    const u = await registerUser(t.app);
    for (let i = 1; i <= 4; i++) {
      const r = await login(u.username, 'wrong-password');
      expect(r.status).toBe(422);
      expect(r.msg).toBe('Incorrect password');
    }
    // The lock is 15 minutes from the moment the fifth failure is counted, which lies between these two
    // readings of the clock the database shares with us: exact bounds, however slow the machine.
    const before = Date.now();
    const fifth = await login(u.username, 'wrong-password');
    const after = Date.now();
    expect(fifth.status).toBe(403);
    expect(fifth.code).toBe(2006);
    const lockedUntil = new Date(fifth.data.lockedUntil).getTime();
    expect(lockedUntil).toBeGreaterThanOrEqual(before + LOGIN_LOCK_MS);
    expect(lockedUntil).toBeLessThanOrEqual(after + LOGIN_LOCK_MS);
    // Even the right password is refused while locked.
    expect((await login(u.username, u.password)).code).toBe(2006);
    // Once the lock has passed, the right password works and the counter starts again.
    await t.database.db
      .update(users)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.username, u.username));
    expect((await login(u.username, u.password)).code).toBe(0);
  });

  test('failures older than 15 minutes do not count', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 4; i++) await login(u.username, 'wrong-password');
    await t.database.db
      .update(users)
      .set({ loginFailuresSince: sql`now() - interval '16 minutes'` })
      .where(eq(users.username, u.username));
    const r = await login(u.username, 'wrong-password');
    expect(r.code).toBe(2005);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, u.username));
    expect(row!.loginFailures).toBe(1);
  });

  test('parallel wrong passwords cannot slip past the lock', async () => {
    const u = await registerUser(t.app);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(u.username, 'wrong-password')));
    expect(results.some((r) => r.code === 2006)).toBe(true);
    expect((await login(u.username, u.password)).code).toBe(2006);
  });

  test('twenty parallel wrong passwords and the right one: the lock they earn stands', async () => {
    const u = await registerUser(t.app);
    const attempts = [...Array.from({ length: 20 }, () => 'wrong-password'), u.password];
    const before = Date.now();
    const results = await Promise.all(attempts.map((password) => login(u.username, password)));
    // Each answer is the envelope of a refusal or, if it came before the fifth failure, a login.
    for (const r of results) expect([0, 2005, 2006]).toContain(r.code);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, u.username));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThanOrEqual(before + LOGIN_LOCK_MS);
    // However they interleaved, the right password no longer gets in for 15 minutes.
    expect((await login(u.username, u.password)).code).toBe(2006);
  });

  test('a right password that read the account before parallel failures locked it is refused', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 4; i++) await login(u.username, 'wrong-password');
    // The fifth failure and the right password at once: whichever the database sees first decides.
    const [wrong, right] = await Promise.all([login(u.username, 'wrong-password'), login(u.username, u.password)]);
    expect(wrong.code).toBe(right.code === 0 ? 2005 : 2006);
    if (right.code !== 0) expect(right.code).toBe(2006);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, u.username));
    const locked = row!.lockedUntil !== null && row!.lockedUntil.getTime() > Date.now();
    expect(locked).toBe(right.code !== 0);
  });

  test('payment password: parallel wrong ones and the right one leave money moves locked', async () => {
    const u = await registerUser(t.app);
    const set = await call(
      t.app,
      'POST',
      '/api/user/reset_paypwd',
      { password: u.password, newPayPassword: '246810' },
      { token: u.token },
    );
    expect(set.code).toBe(0);
    const address = newTronAddress();
    const bind = (payPassword: string) =>
      call(t.app, 'POST', '/api/user/save_wallet', { address, payPassword }, { token: u.token });
    const before = Date.now();
    const results = await Promise.all([...Array.from({ length: 20 }, () => bind('111111')), bind('246810')]);
    for (const r of results) expect([0, 2009, 2010]).toContain(r.code);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, u.username));
    expect(row!.payLockedUntil!.getTime()).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect((await bind('246810')).code).toBe(2010);
  });
});

describe('sessions', () => {
  test('no token, a bad token and a malformed header all answer 401 in the envelope', async () => {
    const none = await call(t.app, 'POST', '/api/user/details', {});
    expect(none.status).toBe(401);
    expect(none.code).toBe(1101);
    const bad = await call(t.app, 'POST', '/api/user/details', {}, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.code).toBe(1102);
    const bare = await call(t.app, 'POST', '/api/user/details', {}, { headers: { authorization: 'x'.repeat(5000) } });
    expect(bare.status).toBe(401);
  });

  test('a bare token (no Bearer) is accepted', async () => {
    const u = await registerUser(t.app);
    const r = await call(t.app, 'POST', '/api/user/details', {}, { headers: { authorization: u.token } });
    expect(r.code).toBe(0);
  });

  test('logout revokes the token', async () => {
    const u = await registerUser(t.app);
    expect((await call(t.app, 'POST', '/api/user/logout', {}, { token: u.token })).code).toBe(0);
    expect((await call(t.app, 'POST', '/api/user/details', {}, { token: u.token })).status).toBe(401);
  });

  test('a session idle for 30 days expires', async () => {
    const u = await registerUser(t.app);
    await t.database.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '30 days 1 minute'` })
      .where(eq(userSessions.userId, Number(u.user.id)));
    const r = await call(t.app, 'POST', '/api/user/details', {}, { token: u.token });
    expect(r.status).toBe(401);
    expect(r.code).toBe(1102);
  });

  test('a session used within 30 days lives on, and use refreshes it', async () => {
    const u = await registerUser(t.app);
    await t.database.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '29 days'` })
      .where(eq(userSessions.userId, Number(u.user.id)));
    // The use is stamped while the call runs: between these two readings of the clock.
    const before = Date.now();
    expect((await call(t.app, 'POST', '/api/user/details', {}, { token: u.token })).code).toBe(0);
    const after = Date.now();
    const [s] = await t.database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, Number(u.user.id)));
    expect(s!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(s!.lastSeenAt.getTime()).toBeLessThanOrEqual(after);
  });
});

describe('user/reset_pwd', () => {
  test('needs the current password, then revokes the other sessions and keeps this one', async () => {
    const u = await registerUser(t.app);
    const other = await login(u.username, u.password);
    const wrong = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: 'not-it-at-all', newPassword: 'brand-new-pass' },
      { token: u.token, lang: 'en' },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.msg).toBe('Please Use The Curent Password To Reset The New Password');

    const r = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: u.password, newPassword: 'brand-new-pass' },
      { token: u.token },
    );
    expect(r.code).toBe(0);
    expect((await call(t.app, 'POST', '/api/user/details', {}, { token: u.token })).code).toBe(0);
    expect((await call(t.app, 'POST', '/api/user/details', {}, { token: other.data.token })).status).toBe(401);
    expect((await login(u.username, u.password)).code).toBe(2005);
    expect((await login(u.username, 'brand-new-pass')).code).toBe(0);
  });

  test('the new password follows the rules', async () => {
    const u = await registerUser(t.app, { username: 'PwRules01' });
    const short = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: u.password, newPassword: 'short' },
      { token: u.token, lang: 'en' },
    );
    expect(short.data.fields.newPassword).toBe('The password must be 8 to 64 characters');
    const asName = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: u.password, newPassword: 'pwrules01' },
      { token: u.token, lang: 'en' },
    );
    expect(asName.status).toBe(400);
    expect(asName.data.fields.newPassword).toBe('The password must not be the username');
    const same = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: u.password, newPassword: u.password },
      { token: u.token },
    );
    expect(same.code).toBe(2012);
  });
});

describe('user/reset_paypwd', () => {
  test.each([
    ['12345', false],
    ['123456', true],
    ['1234567', false],
    ['12345a', false],
  ])('payment password %s', async (pay, valid) => {
    const u = await registerUser(t.app);
    const r = await call(
      t.app,
      'POST',
      '/api/user/reset_paypwd',
      { password: u.password, newPayPassword: pay },
      { token: u.token, lang: 'en' },
    );
    if (valid) {
      expect(r.code).toBe(0);
      const details = await call(t.app, 'POST', '/api/user/details', {}, { token: u.token });
      expect(details.data.hasPayPassword).toBe(true);
      const [row] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, Number(u.user.id)));
      expect(row!.payPasswordHash).toMatch(/^\$argon2id\$/);
    } else {
      expect(r.status).toBe(400);
      expect(r.data.fields.newPayPassword).toBe('The payment password must be 6 digits');
    }
  });

  test('needs the login password', async () => {
    const u = await registerUser(t.app);
    const r = await call(
      t.app,
      'POST',
      '/api/user/reset_paypwd',
      { password: 'wrong-password', newPayPassword: '123456' },
      { token: u.token, lang: 'en' },
    );
    expect(r.status).toBe(422);
    const details = await call(t.app, 'POST', '/api/user/details', {}, { token: u.token });
    expect(details.data.hasPayPassword).toBe(false);
  });
});
