import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { kycSubmissions } from '../kyc/kyc.tables.js';
import { bankCardInput, fund, newTronAddress, PAY, setWalletRules, walletUser } from '../wallet/wallet.test-support.js';
import { notifications } from './notifications.tables.js';

/**
 * Issue 14: what each real route tells the user. Every row drives the routes a user and the operators
 * use (no event is emitted by hand) and reads the notices stored for the user afterwards: their kinds
 * and params, in order, and nothing else. Notices of the arrangement (binding the card, funding) are
 * not the act's and are left out.
 */

let t: TestApp;
let finance: string;
let finance2: string;
let reviewer: string;
/** How many notices the app was told of, per user. */
const told = new Map<number, number>();
beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  finance2 = (await adminWithRole(t, 'finance')).token;
  reviewer = (await adminWithRole(t, 'reviewer')).token;
  t.app.events.on('userNotice', ({ userId }) => told.set(userId, (told.get(userId) ?? 0) + 1));
  await setWalletRules(t, finance, {
    withdrawDailyCountMax: 100,
    withdrawFeeFixed: '0',
    withdrawFeeRateBp: 0,
    withdrawSecondApprovalFrom: '10000',
  });
});
afterAll(async () => t.close());

type Subject = Awaited<ReturnType<typeof walletUser>>;
type Notice = { kind: string; params: Record<string, unknown> };

const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });
const expectOk = async (answer: Promise<{ code: number; msg: string; data: unknown }>) => {
  const r = await answer;
  expect(r.code, r.msg).toBe(0);
  return r.data as Record<string, string>;
};
const withdraw = (u: Subject, amount: string) =>
  expectOk(post('/api/wallet/bankWithdrawal', { amount, payPassword: PAY }, u.token));
const decideWithdrawal = (id: string, verb: 'approve' | 'reject', token: string, body: unknown = {}) =>
  expectOk(post(`/api/admin/withdrawals/${id}/${verb}`, body, token));
/** A submission waiting for review (its images are the identity module's own tests'). */
async function pendingKyc(u: Subject): Promise<string> {
  const [row] = await t.database.db
    .insert(kycSubmissions)
    .values({
      userId: u.userId,
      realName: 'Nguyen Van A',
      idNumber: '079123456789',
      frontFile: `${'a'.repeat(32)}.jpg`,
      backFile: `${'b'.repeat(32)}.png`,
      status: 'pending',
    })
    .returning({ id: kycSubmissions.id });
  return String(row!.id);
}

interface Row {
  name: string;
  /** What the user needs before the act (a verified identity, a card, money). */
  user: { kyc?: boolean; card?: boolean; funds?: string };
  /** Whatever the act needs that is not its own (a withdrawal to decide); its notices are ignored. */
  arrange?: (u: Subject) => Promise<Record<string, string>>;
  act: (u: Subject, arranged: Record<string, string>) => Promise<void>;
  notices: (u: Subject, arranged: Record<string, string>) => Notice[];
}

const ROWS: Row[] = [
  {
    name: 'a withdrawal requested: pending',
    user: { kyc: true, card: true, funds: '100' },
    act: async (u, a) => {
      a.id = (await withdraw(u, '30')).id!;
    },
    notices: (_u, a) => [{ kind: 'withdrawal_state', params: { id: a.id, status: 'pending', amount: '30' } }],
  },
  {
    name: 'a withdrawal approved and paid by one operator: paid',
    user: { kyc: true, card: true, funds: '100' },
    arrange: async (u) => ({ id: (await withdraw(u, '40')).id! }),
    act: async (_u, a) => {
      await decideWithdrawal(a.id!, 'approve', finance, { payoutReference: 'VCB-1' });
    },
    notices: (_u, a) => [{ kind: 'withdrawal_state', params: { id: a.id, status: 'paid', amount: '40' } }],
  },
  {
    name: 'a large withdrawal: approved by one operator, then paid by a second',
    user: { kyc: true, card: true, funds: '20000' },
    arrange: async (u) => ({ id: (await withdraw(u, '15000')).id! }),
    act: async (_u, a) => {
      await decideWithdrawal(a.id!, 'approve', finance);
      await decideWithdrawal(a.id!, 'approve', finance2);
    },
    notices: (_u, a) => [
      { kind: 'withdrawal_state', params: { id: a.id, status: 'approved', amount: '15000' } },
      { kind: 'withdrawal_state', params: { id: a.id, status: 'paid', amount: '15000' } },
    ],
  },
  {
    name: 'a withdrawal rejected: rejected',
    user: { kyc: true, card: true, funds: '100' },
    arrange: async (u) => ({ id: (await withdraw(u, '50')).id! }),
    act: async (_u, a) => {
      await decideWithdrawal(a.id!, 'reject', finance, { reason: 'card name mismatch' });
    },
    notices: (_u, a) => [{ kind: 'withdrawal_state', params: { id: a.id, status: 'rejected', amount: '50' } }],
  },
  {
    name: 'an identity approved',
    user: {},
    arrange: async (u) => ({ id: await pendingKyc(u) }),
    act: async (_u, a) => {
      await expectOk(post(`/api/admin/kyc/${a.id}/approve`, {}, reviewer));
    },
    notices: () => [{ kind: 'kyc_decided', params: { status: 'approved' } }],
  },
  {
    name: 'an identity rejected',
    user: {},
    arrange: async (u) => ({ id: await pendingKyc(u) }),
    act: async (_u, a) => {
      await expectOk(post(`/api/admin/kyc/${a.id}/reject`, { reason: 'blurred photo' }, reviewer));
    },
    notices: () => [{ kind: 'kyc_decided', params: { status: 'rejected' } }],
  },
  {
    name: 'a card bound',
    user: {},
    act: async (u) => {
      await expectOk(post('/api/user/save_bank', bankCardInput({ cardNumber: '9704 3661 0000 1111' }), u.token));
    },
    notices: () => [{ kind: 'card_bound', params: { card: '**** **** **** 1111' } }],
  },
  {
    name: 'an address bound',
    user: {},
    arrange: async () => ({ address: newTronAddress() }),
    act: async (u, a) => {
      await expectOk(post('/api/user/save_wallet', { address: a.address, payPassword: PAY }, u.token));
    },
    notices: (_u, a) => [{ kind: 'address_bound', params: { address: a.address!.slice(-6) } }],
  },
  {
    name: 'the login password changed',
    user: {},
    act: async (u) => {
      await expectOk(post('/api/user/reset_pwd', { oldPassword: u.password, newPassword: 'another-horse-2' }, u.token));
    },
    notices: () => [{ kind: 'password_changed', params: {} }],
  },
  {
    name: 'the payment password changed',
    user: {},
    act: async (u) => {
      await expectOk(post('/api/user/reset_paypwd', { password: u.password, newPayPassword: '246813' }, u.token));
    },
    notices: () => [{ kind: 'pay_password_changed', params: {} }],
  },
  {
    name: 'a deposit credited',
    user: {},
    act: async (u, a) => {
      a.id = await fund(t, u, '25.5', finance);
    },
    notices: (_u, a) => [{ kind: 'deposit_credited', params: { id: a.id, amount: '25.5' } }],
  },
];

const noticesOf = (userId: number, afterId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(notifications.id);

/**
 * The user's last notice id once every notice told so far is stored (they are stored after the
 * answer, from the app's `userNotice` events, which the test counts too).
 */
async function settledLastId(userId: number): Promise<number> {
  let rows: Awaited<ReturnType<typeof noticesOf>> = [];
  await waitUntil(async () => {
    rows = await noticesOf(userId, 0);
    return rows.length === (told.get(userId) ?? 0);
  }, "the arrangement's notices");
  return rows.at(-1)?.id ?? 0;
}

describe('the notices the real routes store', () => {
  test.each(ROWS)('$name', async (row) => {
    const u = await walletUser(t, { kyc: row.user.kyc, card: row.user.card });
    if (row.user.funds) await fund(t, u, row.user.funds, finance);
    const arranged = (await row.arrange?.(u)) ?? {};
    const before = await settledLastId(u.userId);

    await row.act(u, arranged);

    const expected = row.notices(u, arranged);
    await settledLastId(u.userId);
    const stored = await noticesOf(u.userId, before);
    expect(stored.map(({ kind, params }) => ({ kind, params }))).toEqual(expected);
    // Shown to the user as stored: the newest first, unread.
    const list = await post('/api/notification/list', { page: 1, pageSize: 50 }, u.token);
    expect(list.data.list.slice(0, expected.length).map((n: Notice) => n.kind)).toEqual(
      expected.map((n) => n.kind).reverse(),
    );
  });
});
