import { JOURNAL_KINDS, type JournalKind, PRACTICE_JOURNAL_KINDS } from '@app/contract/ledger';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { transact } from '../../db/transact.js';
import { ownerToken } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { isJournalPosted, reconcile, userAccountBalance, userLiabilities } from '../ledger/ledger.reads.js';
import { LedgerRefusal, postJournal } from '../ledger/ledger.service.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { startTestMarket, type TestMarket } from '../markets/markets.test-support.js';
import { orderExposure, orders } from '../orders/orders.tables.js';
import { SettlementWorker } from '../orders/settlement-worker.js';
import { invitedUser, putReferralTable, steepTable } from '../referral/referral.test-support.js';
import { DEFAULT_TRADING_LIMITS } from '../settings/settings.service.js';
import { walletUser } from '../wallet/wallet.test-support.js';

/** Issue 14, the practice account: its own currency, the same engine and settlement, counted nowhere else. */
let t: TestApp;
let market: TestMarket;
const quiet = { info: () => {}, error: () => {} };
const M = 1_000_000n;

beforeAll(async () => {
  t = await createTestApp();
  market = await startTestMarket(t.database, 'practice-test', t.app.events);
});
afterAll(async () => {
  await market?.stop();
  await t?.close();
});

const post = (url: string, body: unknown, token: string, lang: 'en' | 'vn' | 'zn' = 'en') =>
  call(t.app, 'POST', url, body, { token, lang });
const practiceOrder = { symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 2, account: 'practice' };

describe('the ledger keeps practice money out of every real money path', () => {
  const realOnly = JOURNAL_KINDS.filter((k) => !(PRACTICE_JOURNAL_KINDS as readonly JournalKind[]).includes(k));

  test.each(realOnly)('a %s journal in PUSDT is refused and moves nothing', async (kind) => {
    const u = await walletUser(t);
    const userId = Number(u.user.id);
    const key = `practice-path:${kind}:${userId}`;
    await expect(
      transact(t.database.db, (tx) =>
        postJournal(tx, {
          kind,
          idempotencyKey: key,
          reference: { type: 'test', id: userId },
          postings: [
            { account: { userId, kind: 'available', currency: 'PUSDT' }, amount: 5n * M },
            { account: { platform: 'practice', currency: 'PUSDT' }, amount: -5n * M },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerRefusal);
    expect(await isJournalPosted(t.database.db, key)).toBe(false);
    expect(await userAccountBalance(t.database.db, userId, 'available', 'PUSDT')).toBe(0n);
  });

  test('a practice grant cannot move real USDT', async () => {
    await expect(
      transact(t.database.db, (tx) =>
        postJournal(tx, {
          kind: 'practice_grant',
          idempotencyKey: 'practice-grant-in-usdt',
          reference: { type: 'test', id: 1 },
          postings: [
            { account: { userId: 1, kind: 'available' }, amount: M },
            { account: { platform: 'practice' }, amount: -M },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerRefusal);
  });

  test('no money request takes a currency or account selector', async () => {
    const u = await walletUser(t);
    const deposit = await post('/api/wallet/submit', { method: 'bank', amount: '100', currency: 'PUSDT' }, u.token);
    expect(deposit.code).toBe(1001);
    const earn = await post(
      '/api/Defi/orderMoney',
      { action: 'subscribe', amount: '10', account: 'practice' },
      u.token,
    );
    expect(earn.code).toBe(1001);
  });
});

describe('the practice balance', () => {
  test('10 000 practice USDT at first use, given once, beside an untouched real balance', async () => {
    const u = await walletUser(t);
    const first = await post('/api/practice/balance', {}, u.token);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ currency: 'PUSDT', available: '10000', trading: '0', nextResetAt: null });
    expect((await post('/api/practice/balance', {}, u.token)).data.available).toBe('10000');
    const grants = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'practice_grant'), eq(ledgerJournals.referenceId, u.user.id)));
    expect(grants).toHaveLength(1);
    expect((await post('/api/user/balance_list', {}, u.token)).data).toMatchObject({ currency: 'USDT', total: '0' });
    // Not the platform's liability to anyone: the proof of liabilities reads USDT only.
    expect((await userLiabilities(t.database.db)).totalsByUser.get(Number(u.user.id)) ?? 0n).toBe(0n);
  });

  test('a practice order is placed and settled by the same rule, moving only practice money', async () => {
    // The user has an inviter with a cashback rate: a real order's fee would pay them.
    await putReferralTable(t, await ownerToken(t), steepTable());
    const inviter = await invitedUser(t);
    const u = await invitedUser(t, inviter);

    const placed = await post('/api/order/create', practiceOrder, u.token);
    expect(placed.code).toBe(0);
    expect(placed.data).toMatchObject({ account: 'practice', amount: '100', fee: '1', balanceAfter: '9899' });
    expect((await post('/api/practice/balance', {}, u.token)).data).toMatchObject({
      available: '9899',
      trading: '100',
    });
    // The open order is on the practice lists only.
    expect((await post('/api/order/hold_list', {}, u.token)).data).toEqual([]);
    expect((await post('/api/order/hold_list', { account: 'practice' }, u.token)).data[0].id).toBe(placed.data.id);

    await market.passEndOf(placed.data.id);
    await new SettlementWorker(t.database.db, quiet, { events: t.app.events }).runOnce();
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(placed.data.id)));
    expect(row!.status).not.toBe('open');
    expect(row!.account).toBe('practice');
    const expected = { won: '10084', lost: '9899', tie: '9999', void: '10000' }[row!.status as 'won'];
    expect((await post('/api/practice/balance', {}, u.token)).data).toMatchObject({
      available: expected,
      trading: '0',
    });
    // Real money untouched, no cashback, nothing in fund details or the real order list.
    expect((await post('/api/user/balance_list', {}, u.token)).data.total).toBe('0');
    const cashback = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'referral_cashback'), eq(ledgerJournals.referenceId, placed.data.id)));
    expect(cashback).toEqual([]);
    expect((await post('/api/user/water', {}, u.token)).data.total).toBe(0);
    expect((await post('/api/order/list', {}, u.token)).data.total).toBe(0);
    const practiceList = await post('/api/order/list', { account: 'practice' }, u.token);
    expect(practiceList.data.list[0]).toMatchObject({ id: placed.data.id, account: 'practice' });
    // The books of each currency sum to zero on their own.
    const books = await reconcile(t.database.db);
    expect(books.isBalanced).toBe(true);
    expect(books.postingsSum.PUSDT).toBe('0');
    expect(Object.values(books.postingsSum).every((sum) => sum === '0')).toBe(true);
  });

  test('practice exposure and open orders are counted apart from real ones', async () => {
    const owner = await ownerToken(t);
    const setLimits = (limits: Record<string, unknown>) =>
      call(t.app, 'PUT', '/api/admin/settings/trading', { ...DEFAULT_TRADING_LIMITS, ...limits }, { token: owner });
    expect((await setLimits({ maxOpenOrdersPerUser: 1, maxExposurePerSymbolDirection: '100' })).code).toBe(0);
    try {
      const u = await walletUser(t);
      const real = await post(
        '/api/order/create',
        { ...practiceOrder, account: undefined, direction: 'down' },
        u.token,
      );
      expect(real.code).toBe(4002); // no real money: refused on the real balance
      const down = { ...practiceOrder, direction: 'down' };
      const first = await post('/api/order/create', down, u.token);
      expect(first.code).toBe(0);
      // A second practice order breaks the practice open-order limit.
      expect((await post('/api/order/create', down, u.token)).code).toBe(4205);
      const exposure = await t.database.db.select().from(orderExposure).where(eq(orderExposure.symbol, 'BTCUSDT'));
      const of = (account: string) =>
        exposure.find((e) => e.direction === 'down' && e.account === account)?.openAmount ?? 0n;
      expect(of('practice')).toBe(100n * M);
      expect(of('real')).toBe(0n);
      // The practice stake does not fill the real side: a real trader still gets the whole 100.
      const v = await walletUser(t);
      const fundRealUser = await transact(t.database.db, (tx) =>
        postJournal(tx, {
          kind: 'deposit',
          idempotencyKey: `practice-test-fund:${v.user.id}`,
          reference: { type: 'test', id: v.user.id },
          postings: [
            { account: { platform: 'deposits' }, amount: -1000n * M },
            { account: { userId: Number(v.user.id), kind: 'available' }, amount: 1000n * M },
          ],
        }),
      );
      expect(fundRealUser.isReplay).toBe(false);
      const realOrder = await post('/api/order/create', { ...down, account: 'real' }, v.token);
      expect(realOrder.code).toBe(0);
      expect(realOrder.data.account).toBe('real');
    } finally {
      await setLimits({});
    }
  });

  test('a reset brings the balance back to 10 000 once a platform day; the second is refused, localised', async () => {
    const u = await walletUser(t);
    const placed = await post('/api/order/create', practiceOrder, u.token);
    expect(placed.code).toBe(0);
    const reset = await post('/api/practice/reset', {}, u.token);
    expect(reset.code).toBe(0);
    expect(reset.data).toMatchObject({ available: '10000', trading: '100' });
    expect(reset.data.nextResetAt).not.toBeNull();
    const again = await post('/api/practice/reset', {}, u.token, 'vn');
    expect(again.code).toBe(4281);
    expect(again.msg).toBe('Số dư luyện tập chỉ được đặt lại một lần mỗi ngày; vui lòng thử lại vào ngày mai');
    expect(again.data.nextResetAt).toBe(reset.data.nextResetAt);
    expect((await post('/api/practice/balance', {}, u.token)).data.available).toBe('10000');
    // The next platform day, a reset is allowed again (and the open stake settled in between counts).
    await market.passEndOf(placed.data.id);
    await new SettlementWorker(t.database.db, quiet, { events: t.app.events }).runOnce();
    await market.skip(new Date(reset.data.nextResetAt).getTime() - Date.now() + 1000);
    const tomorrow = await post('/api/practice/reset', {}, u.token);
    expect(tomorrow.code).toBe(0);
    expect(tomorrow.data).toMatchObject({ available: '10000', trading: '0', nextResetAt: expect.any(String) });
    expect((await reconcile(t.database.db)).postingsSum).toMatchObject({ PUSDT: '0' });
  });
});
