import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kycSubmissions } from './modules/kyc/kyc.tables.js';
import { bankCardInput, fund, PAY, walletUser } from './modules/wallet/wallet.test-support.js';
import { adminWithRole } from './test/admins.js';
import { call, createTestApp, type TestApp } from './test/test-app.js';

/**
 * `user/details` is served from a per-process cache (users/session-cache.ts) for a couple of seconds.
 * Other modules never touch that cache: they announce a committed change on the app's events
 * (domain-events.ts) and users drops what it cached. Each change below is read back at once, well
 * inside the cache's lifetime, so a change that is not announced shows the old profile and fails.
 */
let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
}, 60_000);
afterAll(async () => t.close());

const details = async (token: string) => (await call(t.app, 'POST', '/api/user/details', undefined, { token })).data;

describe('a committed change is on the profile at once (the cache hears the event)', () => {
  test('a deposit confirmed by an operator, then a balance adjustment', async () => {
    const u = await walletUser(t);
    expect((await details(u.token)).balances.available).toBe('0');
    await fund(t, u, '100', finance);
    expect((await details(u.token)).balances.available).toBe('100');
    const adjusted = await call(
      t.app,
      'POST',
      '/api/admin/adjustments',
      { userId: String(u.userId), direction: 'credit', amount: '5', reason: 'goodwill' },
      { token: finance, headers: { 'idempotency-key': 'events-adjust-01' } },
    );
    expect(adjusted.code).toBe(0);
    expect((await details(u.token)).balances.available).toBe('105');
  });

  test('a bank card bound, then a withdrawal requested', async () => {
    const u = await walletUser(t, { kyc: true });
    await fund(t, u, '200', finance);
    expect((await details(u.token)).hasBankCard).toBe(false);
    const saved = await call(t.app, 'POST', '/api/user/save_bank', bankCardInput(), { token: u.token });
    expect(saved.code).toBe(0);
    expect((await details(u.token)).hasBankCard).toBe(true);
    const asked = await call(
      t.app,
      'POST',
      '/api/wallet/bankWithdrawal',
      { amount: '50', payPassword: PAY },
      { token: u.token },
    );
    expect(asked.code, asked.msg).toBe(0);
    const after = (await details(u.token)).balances;
    expect(after.available).toBe('150');
    expect(after.frozen).toBe('50');
  });

  test('an identity check approved by an operator', async () => {
    const u = await walletUser(t);
    await t.database.db.insert(kycSubmissions).values({
      userId: u.userId,
      realName: 'Test User',
      idNumber: 'A7654321',
      frontFile: `${'a'.repeat(32)}.jpg`,
      backFile: `${'b'.repeat(32)}.jpg`,
      status: 'pending',
    });
    expect((await details(u.token)).kycStatus).toBe('pending');
    const kyc = (await adminWithRole(t, 'reviewer')).token;
    const list = await call(t.app, 'GET', '/api/admin/kyc?status=pending', undefined, { token: kyc });
    const submission = list.data.list.find((s: { userId: string }) => s.userId === String(u.userId));
    const approved = await call(t.app, 'POST', `/api/admin/kyc/${submission.id}/approve`, {}, { token: kyc });
    expect(approved.code, approved.msg).toBe(0);
    expect((await details(u.token)).kycStatus).toBe('approved');
  });
});
