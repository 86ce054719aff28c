import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../markets/markets.test-support.js';
import { notifications } from '../notifications/notifications.tables.js';
import { forgetUserSessions } from './session-cache.js';
import { pruneLoginHistory } from './sessions.service.js';
import { userLoginAttempts, userSessions, users } from './users.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

const login = (username: string, password: string, userAgent = DESKTOP_UA) =>
  call(t.app, 'POST', '/api/user/login', { username, password }, { lang: 'en', headers: { 'user-agent': userAgent } });
const post = (url: string, token: string, body: unknown = {}) => call(t.app, 'POST', url, body, { token, lang: 'en' });
const details = (token: string) => post('/api/user/details', token);

async function userWithTwoSessions() {
  const u = await registerUser(t.app);
  const phone = await login(u.username, u.password, PHONE_UA);
  expect(phone.code).toBe(0);
  return { ...u, userId: Number(u.user.id), phoneToken: phone.data.token as string };
}

async function historyOf(userId: number) {
  return t.database.db
    .select()
    .from(userLoginAttempts)
    .where(eq(userLoginAttempts.userId, userId))
    .orderBy(userLoginAttempts.id);
}

describe('user/sessions', () => {
  test('lists each live session with its device, address, times and which one is this device', async () => {
    const u = await userWithTwoSessions();
    const r = await post('/api/user/sessions', u.phoneToken);
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(2);
    const current = r.data.find((s: { isCurrent: boolean }) => s.isCurrent);
    expect(current.device).toEqual({ browser: 'Chrome 120', os: 'Android 14', type: 'mobile' });
    expect(current.ip).toBe('127.0.0.1');
    expect(Date.parse(current.createdAt)).not.toBeNaN();
    expect(Date.parse(current.lastSeenAt)).not.toBeNaN();
    expect(r.data.filter((s: { isCurrent: boolean }) => !s.isCurrent)).toHaveLength(1);
  });

  test('ending another session makes its token fail at once (401), also when it was just used', async () => {
    const u = await userWithTwoSessions();
    expect((await details(u.token)).code).toBe(0); // the registration session is now cached
    const list = await post('/api/user/sessions', u.phoneToken);
    const other = list.data.find((s: { isCurrent: boolean }) => !s.isCurrent);
    const ended = await post('/api/user/sessions/end', u.phoneToken, { id: other.id });
    expect(ended.code).toBe(0);
    const refused = await details(u.token);
    expect(refused.status).toBe(401);
    expect((await details(u.phoneToken)).code).toBe(0);
    const again = await post('/api/user/sessions/end', u.phoneToken, { id: other.id });
    expect(again.status).toBe(404);
    expect(again.msg).toBe('This session has already ended');
  });

  test('ending all others keeps only this device', async () => {
    const u = await userWithTwoSessions();
    const third = await login(u.username, u.password, IPHONE_UA);
    const r = await post('/api/user/sessions/end_others', third.data.token);
    expect(r.data).toEqual({ ended: 2 });
    expect((await details(u.token)).status).toBe(401);
    expect((await details(u.phoneToken)).status).toBe(401);
    expect((await details(third.data.token)).code).toBe(0);
    const list = await post('/api/user/sessions', third.data.token);
    expect(list.data).toHaveLength(1);
    expect(list.data[0].isCurrent).toBe(true);
  });

  test("another user's session cannot be ended or seen", async () => {
    const a = await userWithTwoSessions();
    const b = await registerUser(t.app);
    const [aSession] = await t.database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, a.userId))
      .limit(1);
    const r = await post('/api/user/sessions/end', b.token, { id: String(aSession!.id) });
    expect(r.status).toBe(404);
    expect((await details(a.token)).code).toBe(0);
    const listB = await post('/api/user/sessions', b.token);
    expect(listB.data.map((s: { id: string }) => s.id)).not.toContain(String(aSession!.id));
    const bad = await post('/api/user/sessions/end', b.token, { id: 'abc' });
    expect(bad.status).toBe(400);
  });

  test('last seen is written at most once a minute, not on every request', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const setLastSeen = (secondsAgo: number) =>
      t.database.db.execute(
        sql`UPDATE user_sessions SET last_seen_at = now() - make_interval(secs => ${secondsAgo}) WHERE user_id = ${userId}`,
      );
    const lastSeen = async () =>
      (await t.database.db.select().from(userSessions).where(eq(userSessions.userId, userId)))[0]!.lastSeenAt;
    await setLastSeen(30);
    const before = await lastSeen();
    forgetUserSessions(userId);
    await details(u.token);
    expect((await lastSeen()).getTime()).toBe(before.getTime());
    await setLastSeen(90);
    const stale = await lastSeen();
    forgetUserSessions(userId);
    await details(u.token);
    expect((await lastSeen()).getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });
});

describe('login history', () => {
  test('keeps successes and failures with their reason; an unknown name stores nothing', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    expect((await login(u.username, u.password, PHONE_UA)).code).toBe(0);
    expect((await login(u.username, 'wrong-password-1')).msg).toBe('Incorrect password');
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(userLoginAttempts);
    expect((await login(`${u.username}zz`, 'whatever-123')).status).toBe(404);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(userLoginAttempts);
    expect(after[0]!.n).toBe(before[0]!.n);
    for (let i = 0; i < 4; i++) await login(u.username, 'wrong-password-1');
    expect((await login(u.username, u.password)).status).toBe(403); // locked
    await t.database.db.update(users).set({ status: 'disabled', lockedUntil: null }).where(eq(users.id, userId));
    expect((await login(u.username, u.password)).status).toBe(403);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));

    const rows = await historyOf(userId);
    expect(rows.map((r) => r.outcome)).toEqual([
      'success',
      'password_incorrect',
      'password_incorrect',
      'password_incorrect',
      'password_incorrect',
      'account_locked',
      'account_locked',
      'account_disabled',
    ]);
    expect(rows[0]!.sessionId).not.toBeNull();
    const page = await post('/api/user/login_history', u.token, { page: 1, pageSize: 3 });
    expect(page.data.total).toBe(8);
    expect(page.data.list).toHaveLength(3);
    expect(page.data.list[0]).toMatchObject({ outcome: 'account_disabled', ip: '127.0.0.1' });
    expect(page.data.list.at(-1).device.os).toBe('Windows 10');
  });

  test('keeps 90 days: older attempts are neither listed nor kept after pruning', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
    await t.database.db.insert(userLoginAttempts).values([
      { userId, at: daysAgo(91), ip: '10.0.0.1', userAgent: PHONE_UA, outcome: 'success' },
      { userId, at: daysAgo(89), ip: '10.0.0.2', userAgent: PHONE_UA, outcome: 'password_incorrect' },
    ]);
    const listed = await post('/api/user/login_history', u.token);
    expect(listed.data.list.map((a: { ip: string }) => a.ip)).toEqual(['10.0.0.2']);
    expect(await pruneLoginHistory(t.database.db, now)).toBeGreaterThanOrEqual(1);
    const rows = await historyOf(userId);
    expect(rows.map((r) => r.ip)).toEqual(['10.0.0.2']);
    expect(await pruneLoginHistory(t.database.db, now)).toBe(0);
  });

  test('a sign-in from a new device notifies the user once; the same device again does not', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const notices = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'new_device_sign_in')));
    // Registration came from the test client's user agent: a phone is new.
    expect((await login(u.username, u.password, PHONE_UA)).code).toBe(0);
    await waitUntil(async () => (await notices()).length === 1, 'the new-device notice');
    expect((await notices())[0]!.params).toEqual({ device: 'Chrome 120 · Android 14', ip: '127.0.0.1' });
    // The same phone, a newer browser: not a new device. A desktop is, and proves the listener ran.
    const newerChrome = PHONE_UA.replace('Chrome/120.0.6099.144', 'Chrome/122.0.1.1');
    expect((await login(u.username, u.password, newerChrome)).code).toBe(0);
    expect((await login(u.username, u.password, DESKTOP_UA)).code).toBe(0);
    await waitUntil(async () => (await notices()).length === 2, 'the desktop notice');
    expect((await notices()).map((n) => n.params.device)).toEqual([
      'Chrome 120 · Android 14',
      'Chrome 121 · Windows 10',
    ]);
  });
});

describe('the back office', () => {
  test('an operator reads the sessions and history, and ends all sessions (audited)', async () => {
    const { adminWithRole } = await import('../../test/admins.js');
    const { auditLog } = await import('../audit/audit.tables.js');
    const support = await adminWithRole(t, 'support');
    const finance = await adminWithRole(t, 'finance');
    const u = await userWithTwoSessions();
    const get = (url: string, token: string) => call(t.app, 'GET', url, undefined, { token, lang: 'en' });
    const list = await get(`/api/admin/users/${u.userId}/sessions`, finance.token);
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).not.toHaveProperty('isCurrent');
    const history = await get(`/api/admin/users/${u.userId}/login_history?page=1&pageSize=10`, finance.token);
    expect(history.data.list.map((a: { outcome: string }) => a.outcome)).toEqual(['success']);
    // Reading is not acting: finance may read, only support ends sessions.
    const refused = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.userId}/end_sessions`,
      { reason: 'x' },
      { token: finance.token },
    );
    expect(refused.status).toBe(403);
    const noReason = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.userId}/end_sessions`,
      {},
      { token: support.token },
    );
    expect(noReason.status).toBe(400);
    const ended = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.userId}/end_sessions`,
      { reason: 'phone stolen' },
      { token: support.token },
    );
    expect(ended.data).toEqual({ ended: 2 });
    expect((await details(u.token)).status).toBe(401);
    expect((await details(u.phoneToken)).status).toBe(401);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.end_sessions'), eq(auditLog.targetId, String(u.userId))));
    expect(audit!.after).toEqual({ sessionsEnded: 2, reason: 'phone stolen' });
    expect(audit!.adminId).toBe(Number(support.id));
    expect((await get('/api/admin/users/999999999/sessions', finance.token)).status).toBe(404);
  });
});
