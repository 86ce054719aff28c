import { formatAmount, parseAmount } from '@app/contract/money';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { insertWealthProduct } from '../earn/wealth.test-support.js';
import { startTestMarket, type TestMarket } from '../markets/markets.test-support.js';
import { SettlementWorker } from '../orders/settlement-worker.js';
import { fund, PAY, setWalletRules, walletUser } from './wallet.test-support.js';

/**
 * Fund details (`user/water`) answer one entry per event the user did or met, never ledger legs:
 * each with its signed effect on the available balance, that balance right after it, and its state
 * now (issue 12). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let market: TestMarket;
let finance: string;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  market = await startTestMarket(t.database, 'fund-events-test', t.app.events);
  finance = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, { withdrawDailyCountMax: 100, withdrawFeeFixed: '0', withdrawFeeRateBp: 0 });
});
afterAll(async () => {
  await market?.stop();
  await t?.close();
});

const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });

interface Event {
  id: string;
  kind: string;
  amount: string;
  balanceAfter: string;
  state: string;
  account: string;
  grossAmount: string;
  fee: string | null;
  referenceType: string;
  referenceId: string;
}
const water = async (token: string, body: Record<string, unknown> = {}) => {
  const r = await post('/api/user/water', body, token);
  expect(r.code).toBe(0);
  return r.data as { list: Event[]; total: number; page: number; pageSize: number };
};
/** Oldest first, one line per event: what a reader checks the running balance with. */
const lines = (list: Event[]) => [...list].reverse().map((e) => `${e.kind} ${e.amount} → ${e.balanceAfter} ${e.state}`);

async function withdraw(token: string, amount: string) {
  const r = await post('/api/wallet/bankWithdrawal', { amount, payPassword: PAY }, token);
  expect(r.code).toBe(0);
  return r.data.id as string;
}
const review = async (id: string, action: 'approve' | 'reject') => {
  const body = action === 'approve' ? { payoutReference: 'VCB-1' } : { reason: 'name mismatch' };
  const r = await call(t.app, 'POST', `/api/admin/withdrawals/${id}/${action}`, body, { token: finance });
  expect(r.code).toBe(0);
};

describe('fund details: one entry per event', () => {
  test('a deposit, a withdrawal paid, one rejected: signed available effects and the running balance', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    const depositId = await fund(t, u, '1000', finance);
    const paidId = await withdraw(u.token, '300');
    expect(lines((await water(u.token)).list)).toEqual([
      'deposit 1000 → 1000 completed',
      'withdrawal_request -300 → 700 processing',
    ]);

    await review(paidId, 'approve');
    const rejectedId = await withdraw(u.token, '100');
    await review(rejectedId, 'reject');

    const { list, total } = await water(u.token);
    expect(total).toBe(5);
    expect(lines(list)).toEqual([
      'deposit 1000 → 1000 completed',
      'withdrawal_request -300 → 700 paid',
      // Paid from held money: the available balance does not move, the event is still the user's.
      'withdrawal_payout 0 → 700 paid',
      'withdrawal_request -100 → 600 rejected',
      'withdrawal_return 100 → 700 completed',
    ]);
    expect(list.every((e) => e.account === 'available')).toBe(true);
    expect(list.find((e) => e.kind === 'withdrawal_payout')).toMatchObject({
      grossAmount: '300',
      referenceType: 'withdrawal',
      referenceId: paidId,
    });
    expect(list.find((e) => e.kind === 'deposit')).toMatchObject({ referenceType: 'deposit', referenceId: depositId });
    expect((await post('/api/user/balance_list', {}, u.token)).data).toMatchObject({ available: '700', frozen: '0' });
  });

  test('an order placed (stake + fee) and settled, and a locked purchase', async () => {
    const u = await walletUser(t);
    await fund(t, u, '1000', finance);
    const created = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '20', period: 2 },
      u.token,
    );
    expect(created.code).toBe(0);
    const orderId = created.data.id as string;
    const placed = (await water(u.token)).list[0]!;
    expect(placed).toMatchObject({
      kind: 'order_stake',
      amount: '-20.2',
      balanceAfter: '979.8',
      fee: '0.2',
      state: 'open',
      referenceType: 'order',
      referenceId: orderId,
    });

    await market.passEndOf(orderId);
    await new SettlementWorker(t.database.db, quiet, { events: t.app.events }).runOnce();
    const order = (await post('/api/order/detail', { id: orderId }, u.token)).data;
    expect(['won', 'lost', 'tie']).toContain(order.status);
    const payout = order.status === 'lost' ? '0' : order.payout;

    const product = await insertWealthProduct(t);
    const bought = await post(
      '/api/wealth/submit',
      { productId: product.id, amount: '500', payPassword: PAY },
      u.token,
    );
    expect(bought.code).toBe(0);

    const { list } = await water(u.token);
    // Money stays exact: minor units, never floats.
    const afterSettle = parseAmount('979.8') + parseAmount(payout);
    expect(lines(list)).toEqual([
      'deposit 1000 → 1000 completed',
      'order_stake -20.2 → 979.8 settled',
      `order_settlement ${payout} → ${formatAmount(afterSettle)} ${order.status}`,
      `wealth_purchase -500 → ${formatAmount(afterSettle - parseAmount('500'))} earning`,
    ]);
    const settled = list.find((e) => e.kind === 'order_settlement')!;
    expect(settled).toMatchObject({
      referenceType: 'order',
      referenceId: orderId,
      grossAmount: order.status === 'lost' ? '20' : payout,
    });
    expect(list[0]).toMatchObject({ referenceType: 'wealth_order', grossAmount: '500', fee: null });
  });

  test('pages count events, not legs; filters by group and kind', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '100', finance);
    for (const [i, amount] of ['10', '20', '30'].entries()) {
      const id = await withdraw(u.token, amount);
      await review(id, i === 1 ? 'reject' : 'approve');
    }
    // 1 deposit + 3 requests + 2 payouts + 1 return = 7 events (from 13 legs).
    const all = await water(u.token, { pageSize: 100 });
    expect(all.total).toBe(7);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const p = await water(u.token, { page, pageSize: 3 });
      expect(p.total).toBe(7);
      pages.push(...p.list);
    }
    expect(pages.map((e) => e.id)).toEqual(all.list.map((e) => e.id));
    expect(new Set(pages.map((e) => e.id)).size).toBe(7);

    expect((await water(u.token, { group: 'trading' })).total).toBe(0);
    expect((await water(u.token, { group: 'wallet' })).total).toBe(7);
    const requests = await water(u.token, { kind: 'withdrawal_request' });
    expect(requests.list.map((e) => e.state)).toEqual(['paid', 'rejected', 'paid']);
    expect((await water(u.token, { kind: 'deposit', group: 'earn' })).total).toBe(0);
    const bad = await post('/api/user/water', { group: 'legs' }, u.token);
    expect(bad.status).toBe(400);
  });

  test('another user sees none of it', async () => {
    const other = await walletUser(t);
    expect(await water(other.token)).toMatchObject({ list: [], total: 0 });
  });
});
