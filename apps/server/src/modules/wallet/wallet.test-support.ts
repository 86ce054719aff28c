import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { kycSubmissions } from '../kyc/kyc.tables.js';
import { tronAddressFromBytes } from './tron.js';

export const PAY = '135790';

export const newTronAddress = () => tronAddressFromBytes(randomBytes(20));

/** A user with a payment password, optionally a verified identity and a bound card. */
export async function walletUser(t: TestApp, options: { kyc?: boolean; card?: boolean } = {}) {
  const u = await registerUser(t.app);
  await call(
    t.app,
    'POST',
    '/api/user/reset_paypwd',
    { password: u.password, newPayPassword: PAY },
    { token: u.token },
  );
  const userId = Number(u.user.id);
  if (options.kyc) {
    // Identity review has its own tests; here an approved record is all that matters.
    await t.database.db.insert(kycSubmissions).values({
      userId,
      realName: 'Test User',
      idNumber: 'A1234567',
      frontFile: `${'a'.repeat(32)}.jpg`,
      backFile: `${'b'.repeat(32)}.jpg`,
      status: 'approved',
    });
  }
  if (options.card) {
    const r = await call(t.app, 'POST', '/api/user/save_bank', bankCardInput(), { token: u.token });
    if (r.code !== 0) throw new Error(`save_bank failed: ${r.msg}`);
  }
  return { ...u, userId };
}

export function bankCardInput(overrides: Record<string, unknown> = {}) {
  return {
    bankName: 'Vietcombank',
    holderName: 'Nguyen Van A',
    cardNumber: '9704 3661 1234 5678',
    branch: 'Hoan Kiem',
    city: 'Hanoi',
    province: 'Hanoi',
    payPassword: PAY,
    ...overrides,
  };
}

/** Deposits `amount` for the user through the real flow: request, then a finance operator confirms. */
export async function fund(t: TestApp, user: { token: string }, amount: string, financeToken: string) {
  const submitted = await call(t.app, 'POST', '/api/wallet/submit', { method: 'bank', amount }, { token: user.token });
  if (submitted.code !== 0) throw new Error(`deposit failed: ${submitted.msg}`);
  const confirmed = await call(
    t.app,
    'POST',
    `/api/admin/deposits/${submitted.data.id}/confirm`,
    {},
    { token: financeToken },
  );
  if (confirmed.code !== 0) throw new Error(`confirm failed: ${confirmed.msg}`);
  return submitted.data.id as string;
}

export async function setWalletRules(t: TestApp, financeToken: string, rules: Record<string, unknown>) {
  const current = await call(t.app, 'GET', '/api/admin/settings', undefined, { token: financeToken });
  const r = await call(
    t.app,
    'PUT',
    '/api/admin/settings/wallet',
    { ...current.data.wallet, ...rules },
    { token: financeToken },
  );
  if (r.code !== 0) throw new Error(`settings failed: ${r.msg} ${JSON.stringify(r.data)}`);
}

export async function approvedKyc(t: TestApp, userId: number) {
  await t.database.db.update(kycSubmissions).set({ status: 'approved' }).where(eq(kycSubmissions.userId, userId));
}
