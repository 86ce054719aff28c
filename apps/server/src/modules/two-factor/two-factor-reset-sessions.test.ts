import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { createTwoFactorTestApp, startClock, turnOnTotp } from './two-factor.test-support.js';

/** Bonus of issue 14: an operator's reset of a user's TOTP ends that user's sessions, audited with the reset. */
let t: TestApp;
beforeAll(async () => {
  startClock();
  t = await createTwoFactorTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const details = (token: string) => call(t.app, 'POST', '/api/user/details', {}, { token });

test('support resets a user’s TOTP: every session of that user ends (theirs only), and the audit row says how many', async () => {
  const u = await registerUser(t.app);
  await turnOnTotp(t, u);
  const other = await registerUser(t.app);
  expect((await details(u.token)).code).toBe(0);

  const support = await adminWithRole(t, 'support');
  const reset = await call(
    t.app,
    'POST',
    `/api/admin/users/${u.user.id}/two_factor/reset`,
    { reason: 'lost phone, identity checked by video call' },
    { token: support.token },
  );
  expect(reset).toMatchObject({ code: 0, data: { enabled: false } });

  expect((await details(u.token)).status).toBe(401);
  expect((await details(other.token)).code).toBe(0);
  const [audit] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.targetId, String(u.user.id))));
  expect(audit?.after).toMatchObject({ twoFactorEnabled: false, sessionsEnded: 1 });

  // Signing in again takes the password alone until the user sets a second factor up again.
  const login = await call(t.app, 'POST', '/api/user/login', { username: u.username, password: u.password });
  expect(login.code).toBe(0);
  expect((await details(login.data.token)).code).toBe(0);
});

test('a reset refused (TOTP not on) ends no session', async () => {
  const u = await registerUser(t.app);
  const support = await adminWithRole(t, 'support');
  const refused = await call(
    t.app,
    'POST',
    `/api/admin/users/${u.user.id}/two_factor/reset`,
    { reason: 'asked on the phone' },
    { token: support.token },
  );
  expect(refused.code).toBe(2105);
  expect((await details(u.token)).code).toBe(0);
});
