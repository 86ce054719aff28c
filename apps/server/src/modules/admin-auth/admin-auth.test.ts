import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { totpCodeAt } from '../../lib/totp.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { users } from '../users/users.tables.js';
import { ensureOwner } from './admin-auth.service.js';
import { adminSessions, admins } from './admin-auth.tables.js';

let t: TestApp;
let ownerToken: string;
const OWNER = { username: 'owner', password: 'owner-password-1' };

beforeAll(async () => {
  t = await createTestApp();
  await ensureOwner(t.database.db, OWNER);
  ownerToken = (await adminLogin(OWNER.username, OWNER.password)).data.token;
});
afterAll(async () => t.close());

function adminLogin(username: string, password: string, totp?: string) {
  return call(
    t.app,
    'POST',
    '/api/admin/auth/login',
    { username, password, ...(totp ? { totp } : {}) },
    { lang: 'en' },
  );
}

async function createAdmin(role: string, username = `${role}${Math.floor(Math.random() * 1e6)}`) {
  const password = 'admin-password-1';
  const r = await call(t.app, 'POST', '/api/admin/admins', { username, password, role }, { token: ownerToken });
  expect(r.code).toBe(0);
  const login = await adminLogin(username, password);
  return { id: r.data.id as string, username, password, token: login.data.token as string };
}

async function auditRows(action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('owner bootstrap', () => {
  test('the first start creates one owner; later starts change nothing', async () => {
    expect(await ensureOwner(t.database.db, { username: 'someoneelse', password: 'x'.repeat(12) })).toBeNull();
    const me = await call(t.app, 'GET', '/api/admin/auth/me', undefined, { token: ownerToken });
    expect(me.data).toMatchObject({ username: 'owner', role: 'owner', totpEnabled: false });
  });

  test('without credentials a password is generated and returned once', async () => {
    const fresh = await createTestApp();
    try {
      const created = await ensureOwner(fresh.database.db, {});
      expect(created?.username).toBe('owner');
      expect(created?.generatedPassword).toMatch(/^[A-Z2-9]{12}$/);
      const login = await call(fresh.app, 'POST', '/api/admin/auth/login', {
        username: 'owner',
        password: created!.generatedPassword,
      });
      expect(login.code).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('admin login', () => {
  test('wrong password and unknown admin give the same answer', async () => {
    const wrong = await adminLogin('owner', 'nope-nope-nope');
    const unknown = await adminLogin('ghost', 'nope-nope-nope');
    expect(wrong.status).toBe(422);
    expect(wrong.code).toBe(3001);
    expect(unknown.code).toBe(3001);
  });

  test('twenty parallel wrong passwords and the right one: the admin stays locked', async () => {
    const a = await createAdmin('support');
    const attempts = [...Array.from({ length: 20 }, () => 'wrong-password-9'), a.password];
    const results = await Promise.all(attempts.map((password) => adminLogin(a.username, password)));
    for (const r of results) expect([0, 3001, 2006]).toContain(r.code);
    // Counted in one statement each: 20 failures are 20, not one.
    expect(results.filter((r) => r.code === 2006).length).toBeGreaterThanOrEqual(15);
    const [row] = await t.database.db
      .select()
      .from(admins)
      .where(eq(admins.id, Number(a.id)));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await adminLogin(a.username, a.password)).code).toBe(2006);
  });

  test('admin failures older than 15 minutes do not count', async () => {
    const a = await createAdmin('support');
    for (let i = 0; i < 4; i++) expect((await adminLogin(a.username, 'wrong-password-9')).code).toBe(3001);
    await t.database.db
      .update(admins)
      .set({ loginFailuresSince: sql`now() - interval '16 minutes'` })
      .where(eq(admins.id, Number(a.id)));
    expect((await adminLogin(a.username, 'wrong-password-9')).code).toBe(3001);
    expect((await adminLogin(a.username, a.password)).code).toBe(0);
  });

  test('sessions last 8 hours, then answer 401', async () => {
    const a = await createAdmin('support');
    const login = await adminLogin(a.username, a.password);
    const expires = new Date(login.data.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(8 * 3_600_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(8 * 3_600_000);
    await t.database.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminSessions.adminId, Number(a.id)));
    expect((await call(t.app, 'GET', '/api/admin/auth/me', undefined, { token: login.data.token })).status).toBe(401);
  });

  test('user tokens do not open the back office', async () => {
    const u = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/admin/users', undefined, { token: u.token })).status).toBe(401);
  });

  test('TOTP: set up, confirm, then required at login', async () => {
    const a = await createAdmin('finance');
    const setup = await call(t.app, 'POST', '/api/admin/auth/totp/setup', {}, { token: a.token });
    expect(setup.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const bad = await call(t.app, 'POST', '/api/admin/auth/totp/enable', { code: '000000' }, { token: a.token });
    expect(bad.code === 3003 || bad.code === 0).toBe(true);
    if (bad.code === 0) return; // one in a million: 000000 was the live code
    const enableCode = totpCodeAt(setup.data.secret, Date.now());
    const enabled = await call(t.app, 'POST', '/api/admin/auth/totp/enable', { code: enableCode }, { token: a.token });
    expect(enabled.code).toBe(0);
    const noCode = await adminLogin(a.username, a.password);
    expect(noCode.code).toBe(3002);
    expect(noCode.msg).toBe('Enter the code from your authenticator app');
    // The code that enabled it is spent; the next step's code (accepted for clock drift) logs in.
    const spent = await adminLogin(a.username, a.password, enableCode);
    expect(spent.code).toBe(3003);
    const next = totpCodeAt(setup.data.secret, Date.now() + 30_000);
    const withCode = await adminLogin(a.username, a.password, next);
    expect(withCode.code).toBe(0);
    expect(withCode.data.admin.totpEnabled).toBe(true);
    expect(await auditRows('admin.totp_enable')).toHaveLength(1);
    // ASVS 6.5.1: the same code does not log in twice, not even when both arrive at once.
    const replay = await adminLogin(a.username, a.password, next);
    expect(replay.code).toBe(3003);
    await t.database.db
      .update(admins)
      .set({ totpLastStep: 0, loginFailures: 0 })
      .where(eq(admins.id, Number(a.id)));
    const now = totpCodeAt(setup.data.secret, Date.now());
    const racing = await Promise.all([1, 2, 3].map(() => adminLogin(a.username, a.password, now)));
    expect(racing.map((r) => r.code).sort()).toEqual([0, 3003, 3003]);
  });

  test('changing the password revokes the other sessions', async () => {
    const a = await createAdmin('content');
    const second = await adminLogin(a.username, a.password);
    const r = await call(
      t.app,
      'POST',
      '/api/admin/auth/password',
      { oldPassword: a.password, newPassword: 'another-password-2' },
      { token: a.token },
    );
    expect(r.code).toBe(0);
    expect((await call(t.app, 'GET', '/api/admin/auth/me', undefined, { token: second.data.token })).status).toBe(401);
    expect((await adminLogin(a.username, 'another-password-2')).code).toBe(0);
  });
});

describe('roles', () => {
  test('only owners manage admins and read the audit log', async () => {
    for (const role of ['finance', 'reviewer', 'support', 'content']) {
      const a = await createAdmin(role);
      const list = await call(t.app, 'GET', '/api/admin/admins', undefined, { token: a.token, lang: 'en' });
      expect(list.status, role).toBe(403);
      expect(list.msg).toBe('You are not allowed to do this');
      const create = await call(
        t.app,
        'POST',
        '/api/admin/admins',
        { username: `x${role}`, password: 'admin-password-1', role: 'owner' },
        { token: a.token },
      );
      expect(create.status, role).toBe(403);
      expect((await call(t.app, 'GET', '/api/admin/audit', undefined, { token: a.token })).status, role).toBe(403);
    }
  });

  test('content admins cannot read users; support, finance and reviewers can; only support acts', async () => {
    const u = await registerUser(t.app);
    const content = await createAdmin('content');
    expect((await call(t.app, 'GET', '/api/admin/users', undefined, { token: content.token })).status).toBe(403);
    for (const role of ['support', 'finance', 'reviewer']) {
      const a = await createAdmin(role);
      const r = await call(t.app, 'GET', `/api/admin/users/${u.user.id}`, undefined, { token: a.token });
      expect(r.code, role).toBe(0);
      expect(JSON.stringify(r.data), role).toMatch(/"lastLoginAt":"\d{4}-/);
      const act = await call(
        t.app,
        'POST',
        `/api/admin/users/${u.user.id}/disable`,
        { reason: 'test' },
        { token: a.token },
      );
      expect(act.status, role).toBe(role === 'support' ? 200 : 403);
      if (role === 'support') {
        await call(t.app, 'POST', `/api/admin/users/${u.user.id}/enable`, { reason: 'test' }, { token: a.token });
      }
    }
  });

  test('an owner cannot demote or disable themself; disabling an admin ends their sessions', async () => {
    const me = await call(t.app, 'GET', '/api/admin/auth/me', undefined, { token: ownerToken });
    const self = await call(
      t.app,
      'PATCH',
      `/api/admin/admins/${me.data.id}`,
      { role: 'support' },
      { token: ownerToken },
    );
    expect(self.code).toBe(3005);
    const a = await createAdmin('support');
    const off = await call(t.app, 'PATCH', `/api/admin/admins/${a.id}`, { disabled: true }, { token: ownerToken });
    expect(off.data.disabled).toBe(true);
    expect((await call(t.app, 'GET', '/api/admin/auth/me', undefined, { token: a.token })).status).toBe(401);
    expect((await adminLogin(a.username, a.password)).code).toBe(3001);
    const [row] = await auditRows('admin.update').then((rows) => rows.filter((r) => r.targetId === a.id));
    expect(row).toMatchObject({ adminUsername: 'owner', targetType: 'admin' });
    expect((row!.before as { disabled: boolean }).disabled).toBe(false);
    expect((row!.after as { disabled: boolean }).disabled).toBe(true);
  });

  test('duplicate admin names are refused', async () => {
    await createAdmin('support', 'twinadmin');
    const again = await call(
      t.app,
      'POST',
      '/api/admin/admins',
      { username: 'twinadmin', password: 'admin-password-1', role: 'support' },
      { token: ownerToken },
    );
    expect(again.status).toBe(409);
  });
});

describe('users screen', () => {
  test('search by username, phone or invite code, paged', async () => {
    const u = await registerUser(t.app, { username: 'FindMe777' });
    for (const q of ['findme7', u.phone.slice(-6), u.user.inviteCode]) {
      const r = await call(t.app, 'GET', `/api/admin/users?q=${q}&page=1&pageSize=5`, undefined, { token: ownerToken });
      expect(r.code, q).toBe(0);
      expect(
        r.data.list.map((x: { username: string }) => x.username),
        q,
      ).toContain('FindMe777');
      expect(r.data.list[0].phone).toBe(u.phone); // operators see the full number
    }
    const page = await call(t.app, 'GET', '/api/admin/users?page=1&pageSize=2', undefined, { token: ownerToken });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.total).toBeGreaterThan(2);
    const bad = await call(t.app, 'GET', '/api/admin/users?pageSize=1000', undefined, {
      token: ownerToken,
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fields.pageSize).toBe('The page size must be 1 to 100');
    const badId = await call(t.app, 'GET', '/api/admin/users/abc', undefined, { token: ownerToken });
    expect(badId.status).toBe(400);
    const missing = await call(t.app, 'GET', '/api/admin/users/999999', undefined, { token: ownerToken });
    expect(missing.status).toBe(404);
  });

  test('disable ends the user sessions and blocks login; enable restores; both audited with the reason', async () => {
    const u = await registerUser(t.app);
    const r = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.user.id}/disable`,
      { reason: 'fraud report #12' },
      { token: ownerToken },
    );
    expect(r.data.status).toBe('disabled');
    expect((await call(t.app, 'POST', '/api/user/details', {}, { token: u.token })).status).toBe(401);
    const login = await call(t.app, 'POST', '/api/user/login', { username: u.username, password: u.password });
    expect(login.code).toBe(2007);
    await call(t.app, 'POST', `/api/admin/users/${u.user.id}/enable`, { reason: 'cleared' }, { token: ownerToken });
    expect((await call(t.app, 'POST', '/api/user/login', { username: u.username, password: u.password })).code).toBe(0);
    const rows = (await auditRows('user.disable')).filter((row) => row.targetId === u.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({ status: 'disabled', reason: 'fraud report #12' });
    expect(rows[0]!.before).toMatchObject({ status: 'active' });
    const noReason = await call(t.app, 'POST', `/api/admin/users/${u.user.id}/disable`, {}, { token: ownerToken });
    expect(noReason.status).toBe(400);
  });

  test('unlock clears a login lockout', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 5; i++) {
      await call(t.app, 'POST', '/api/user/login', { username: u.username, password: 'wrong-password' });
    }
    const listed = await call(t.app, 'GET', `/api/admin/users/${u.user.id}`, undefined, { token: ownerToken });
    expect(listed.data.lockedUntil).not.toBeNull();
    const r = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.user.id}/unlock`,
      { reason: 'called in' },
      { token: ownerToken },
    );
    expect(r.data.lockedUntil).toBeNull();
    expect((await call(t.app, 'POST', '/api/user/login', { username: u.username, password: u.password })).code).toBe(0);
  });

  test('a one-time password must be changed at the next login', async () => {
    const u = await registerUser(t.app);
    const r = await call(
      t.app,
      'POST',
      `/api/admin/users/${u.user.id}/one-time-password`,
      { reason: 'forgot password, verified by phone' },
      { token: ownerToken },
    );
    const otp = r.data.password as string;
    expect(otp).toMatch(/^[A-Z2-9]{12}$/);
    expect((await call(t.app, 'POST', '/api/user/details', {}, { token: u.token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/user/login', { username: u.username, password: u.password })).code).toBe(
      2005,
    );
    const login = await call(t.app, 'POST', '/api/user/login', { username: u.username, password: otp });
    expect(login.data.user.mustChangePassword).toBe(true);
    const token = login.data.token;
    // Everything but reading the profile and changing the password waits for the change.
    expect(
      (await call(t.app, 'POST', '/api/user/reset_paypwd', { password: otp, newPayPassword: '123456' }, { token }))
        .code,
    ).toBe(1202);
    expect((await call(t.app, 'POST', '/api/user/details', {}, { token })).code).toBe(0);
    const changed = await call(
      t.app,
      'POST',
      '/api/user/reset_pwd',
      { oldPassword: otp, newPassword: 'my-own-pass-9' },
      { token },
    );
    expect(changed.code).toBe(0);
    const details = await call(t.app, 'POST', '/api/user/details', {}, { token });
    expect(details.data.mustChangePassword).toBe(false);
    // The password itself is never written to the audit log.
    const rows = (await auditRows('user.one_time_password')).filter((row) => row.targetId === u.user.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(otp);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(u.user.id)));
    expect(row!.mustChangePassword).toBe(false);
  });
});

describe('audit log', () => {
  test('lists newest first with filters, and cannot be changed or deleted', async () => {
    const r = await call(t.app, 'GET', '/api/admin/audit?action=admin.login&pageSize=5', undefined, {
      token: ownerToken,
    });
    expect(r.code).toBe(0);
    expect(r.data.list.length).toBeGreaterThan(0);
    expect(r.data.list.every((e: { action: string }) => e.action === 'admin.login')).toBe(true);
    const ids = r.data.list.map((e: { id: string }) => Number(e.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    await expect(t.database.db.update(auditLog).set({ action: 'tampered' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect((await auditRows('tampered')).length).toBe(0);
  });
});
