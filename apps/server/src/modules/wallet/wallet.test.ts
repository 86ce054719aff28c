import { formatAmount } from '@app/contract/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { ledgerJournals, ledgerPostings } from '../ledger/ledger.tables.js';
import { users } from '../users/users.tables.js';
import { deposits, withdrawals } from './wallet.tables.js';
import { bankCardInput, fund, newTronAddress, PAY, setWalletRules, walletUser } from './wallet.test-support.js';

let t: TestApp;
let finance: string;
let finance2: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  finance2 = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, { withdrawDailyCountMax: 50 });
});
afterAll(async () => t.close());

const post = (url: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, body, { token, lang: 'en', headers });
const balances = async (token: string) => (await post('/api/user/balance_list', {}, token)).data;
const booksBalance = async () => expect((await reconcile(t.database.db)).isBalanced).toBe(true);

describe('bank card', () => {
  test('binds with the payment password, answers it masked, and binding again replaces it', async () => {
    const u = await walletUser(t);
    const r = await post('/api/user/save_bank', bankCardInput(), u.token);
    expect(r.code).toBe(0);
    expect(r.data.cardNumber).toBe('**** **** **** 5678');
    const again = await post(
      '/api/user/save_bank',
      bankCardInput({ cardNumber: '6222020000001111', bankName: 'ACB' }),
      u.token,
    );
    expect(again.data).toMatchObject({ bankName: 'ACB', cardNumber: '**** **** **** 1111' });
    expect((await post('/api/user/bank_card', {}, u.token)).data.bankName).toBe('ACB');
    expect((await post('/api/user/details', {}, u.token)).data.hasBankCard).toBe(true);
  });

  test('every required field is named; a wrong payment password changes nothing', async () => {
    const u = await walletUser(t);
    const empty = await post('/api/user/save_bank', {}, u.token);
    expect(empty.status).toBe(400);
    expect(empty.data.fields).toMatchObject({
      bankName: 'Please enter the bank name',
      holderName: 'Please enter the cardholder name',
      cardNumber: 'Please enter the card number',
      branch: 'Please enter the branch address',
      city: 'Please enter the city',
      province: 'Please enter the province',
      payPassword: 'Please enter the payment password',
    });
    const wrong = await post('/api/user/save_bank', bankCardInput({ payPassword: '000000' }), u.token);
    expect(wrong.code).toBe(2009);
    expect((await post('/api/user/bank_card', {}, u.token)).data).toBeNull();
  });

  test('five wrong payment passwords lock money moves for an hour', async () => {
    const u = await walletUser(t);
    for (let i = 0; i < 4; i++)
      expect((await post('/api/user/save_bank', bankCardInput({ payPassword: '000000' }), u.token)).code).toBe(2009);
    const fifth = await post('/api/user/save_bank', bankCardInput({ payPassword: '000000' }), u.token);
    expect(fifth.code).toBe(2010);
    const right = await post('/api/user/save_bank', bankCardInput(), u.token);
    expect(right.code).toBe(2010);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.userId));
    expect(row!.payLockedUntil!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  test('without a payment password set, binding asks for one', async () => {
    const u = await registerUser(t.app);
    expect((await post('/api/user/save_bank', bankCardInput(), u.token)).code).toBe(2011);
  });
});

describe('withdrawal addresses', () => {
  test('TRON checksum, at most five, no duplicates', async () => {
    const u = await walletUser(t);
    const bad = await post(
      '/api/user/save_wallet',
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', payPassword: PAY },
      u.token,
    );
    expect(bad.code).toBe(4004);
    const shape = await post('/api/user/save_wallet', { address: '0xabc', payPassword: PAY }, u.token);
    expect(shape.data.fields.address).toBe('This is not a valid TRC20 address');
    const first = newTronAddress();
    expect(
      (await post('/api/user/save_wallet', { address: first, label: 'main', payPassword: PAY }, u.token)).code,
    ).toBe(0);
    expect((await post('/api/user/save_wallet', { address: first, payPassword: PAY }, u.token)).code).toBe(4006);
    const more = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/user/save_wallet', { address: newTronAddress(), payPassword: PAY }, u.token),
      ),
    );
    expect(more.filter((r) => r.code === 0)).toHaveLength(4);
    expect(more.filter((r) => r.code === 4005)).toHaveLength(2);
    expect((await post('/api/user/getUserWallets', {}, u.token)).data).toHaveLength(5);
  });
});

describe('deposits', () => {
  test('the deposit address comes from the pool, stays the user’s, and the pool can run dry', async () => {
    const u1 = await walletUser(t);
    const empty = await post('/api/wallet/getRechargeAddress', { network: 'TRC20' }, u1.token);
    expect(empty.code).toBe(4012);
    const pool = [newTronAddress(), newTronAddress()];
    const imported = await call(
      t.app,
      'POST',
      '/api/admin/deposit-addresses/import',
      { addresses: `${pool.join('\n')}\n${pool[0]}\nnot-an-address` },
      { token: finance },
    );
    expect(imported.data).toEqual({ imported: 2, duplicates: 0, invalid: ['not-an-address'] });
    const a1 = await post('/api/wallet/getRechargeAddress', { network: 'TRC20' }, u1.token);
    expect(pool).toContain(a1.data.address);
    expect((await post('/api/wallet/getRechargeAddress', { network: 'TRC20' }, u1.token)).data.address).toBe(
      a1.data.address,
    );
    const u2 = await walletUser(t);
    const a2 = await post('/api/wallet/getRechargeAddress', { network: 'TRC20' }, u2.token);
    expect(a2.data.address).not.toBe(a1.data.address);
  });

  test('a deposit request is credited once on confirmation and shows in fund details', async () => {
    const u = await walletUser(t);
    const hash = 'ab'.repeat(32);
    const noHash = await post('/api/wallet/submit', { method: 'trc20', amount: '100' }, u.token);
    expect(noHash.data.fields.txHash).toBe('Please enter the transaction hash');
    const r = await post('/api/wallet/submit', { method: 'trc20', amount: '100.5', txHash: hash }, u.token);
    expect(r.data).toMatchObject({ status: 'pending', amount: '100.5', creditedAmount: null });
    expect(
      (await post('/api/wallet/submit', { method: 'trc20', amount: '50', txHash: hash.toUpperCase() }, u.token)).code,
    ).toBe(4013);
    expect((await balances(u.token)).available).toBe('0');
    // The profile is cached briefly; a confirmation made through this process shows at once.
    expect((await post('/api/user/details', {}, u.token)).data).toMatchObject({
      hasDeposited: false,
      balances: { available: '0' },
    });
    const confirmed = await call(t.app, 'POST', `/api/admin/deposits/${r.data.id}/confirm`, {}, { token: finance });
    expect(confirmed.data).toMatchObject({ status: 'confirmed', creditedAmount: '100.5' });
    const twice = await call(t.app, 'POST', `/api/admin/deposits/${r.data.id}/confirm`, {}, { token: finance2 });
    expect(twice.code).toBe(4014);
    expect(await balances(u.token)).toMatchObject({ available: '100.5', total: '100.5' });
    expect((await post('/api/user/details', {}, u.token)).data).toMatchObject({
      hasDeposited: true,
      balances: { available: '100.5' },
    });
    const water = await post('/api/user/water', { page: 1, pageSize: 10 }, u.token);
    expect(water.data.list).toHaveLength(1);
    expect(water.data.list[0]).toMatchObject({
      kind: 'deposit',
      amount: '100.5',
      balanceAfter: '100.5',
      referenceType: 'deposit',
      referenceId: r.data.id,
    });
    const mine = await post('/api/user/deposit', { page: 1, pageSize: 10 }, u.token);
    expect(mine.data.list[0]).toMatchObject({ id: r.data.id, status: 'confirmed' });
    await booksBalance();
  });

  test('a corrected amount needs a note; a rejection keeps its reason; minimum and bad amounts', async () => {
    const u = await walletUser(t);
    const r = await post('/api/wallet/submit', { method: 'bank', amount: '500' }, u.token);
    const noNote = await call(
      t.app,
      'POST',
      `/api/admin/deposits/${r.data.id}/confirm`,
      { amount: '450' },
      { token: finance },
    );
    expect(noNote.code).toBe(4017);
    const ok = await call(
      t.app,
      'POST',
      `/api/admin/deposits/${r.data.id}/confirm`,
      { amount: '450', note: 'bank statement shows 450' },
      { token: finance },
    );
    expect(ok.data.creditedAmount).toBe('450');
    expect((await balances(u.token)).available).toBe('450');
    const r2 = await post('/api/wallet/submit', { method: 'bank', amount: '20' }, u.token);
    const rejected = await call(
      t.app,
      'POST',
      `/api/admin/deposits/${r2.data.id}/reject`,
      { reason: 'no money arrived' },
      { token: finance },
    );
    expect(rejected.data.status).toBe('rejected');
    const mine = await post('/api/user/deposit', { page: 1, pageSize: 10, status: 'rejected' }, u.token);
    expect(mine.data.list[0].rejectReason).toBe('no money arrived');
    // A pending or rejected request is no deposit had: only a confirmed one counts.
    const other = await walletUser(t);
    const pending = await post('/api/wallet/submit', { method: 'bank', amount: '30' }, other.token);
    const refused = await post('/api/wallet/submit', { method: 'bank', amount: '40' }, other.token);
    await call(t.app, 'POST', `/api/admin/deposits/${refused.data.id}/reject`, { reason: 'none' }, { token: finance });
    expect(pending.data.status).toBe('pending');
    expect((await post('/api/user/details', {}, other.token)).data.hasDeposited).toBe(false);
    expect((await post('/api/wallet/submit', { method: 'bank', amount: '5' }, u.token)).code).toBe(4011);
    for (const amount of ['1.1234567', '0', '-5', 'abc', '1e3']) {
      const bad = await post('/api/wallet/submit', { method: 'bank', amount }, u.token);
      expect(bad.data.fields.amount, amount).toBe('Incorrect Amount');
    }
    await booksBalance();
  });

  test('the same Idempotency-Key returns the first answer and records one deposit; another body is refused', async () => {
    const u = await walletUser(t);
    const headers = { 'idempotency-key': 'deposit-key-0001' };
    const first = await post('/api/wallet/submit', { method: 'bank', amount: '30' }, u.token, headers);
    const again = await post('/api/wallet/submit', { method: 'bank', amount: '30' }, u.token, headers);
    expect(again.data.id).toBe(first.data.id);
    expect(again.response.headers['idempotent-replayed']).toBe('true');
    const other = await post('/api/wallet/submit', { method: 'bank', amount: '31' }, u.token, headers);
    expect(other.status).toBe(409);
    expect(other.code).toBe(1502);
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.userId, u.userId));
    expect(rows).toHaveLength(1);
  });

  test('multipart with a proof image; the finance operator can view it, nobody else', async () => {
    const u = await walletUser(t);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = new FormData();
    form.append('method', 'bank');
    form.append('amount', '88');
    form.append('proof', new Blob([png], { type: 'image/png' }), 'receipt.png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/submit',
      payload: form,
      headers: { authorization: `Bearer ${u.token}` },
    });
    const body = JSON.parse(res.body);
    expect(body.code).toBe(0);
    expect(body.data.hasProof).toBe(true);
    const proof = await t.app.inject({
      method: 'GET',
      url: `/api/admin/deposits/${body.data.id}/proof`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    const asUser = await t.app.inject({
      method: 'GET',
      url: `/api/admin/deposits/${body.data.id}/proof`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(asUser.statusCode).toBe(401);
  });
});

describe('withdrawals', () => {
  test('no bound card: "Unknown Bank Card, Please Enter The Bank Card First!"', async () => {
    const u = await walletUser(t, { kyc: true });
    await fund(t, u, '100', finance);
    const r = await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY }, u.token);
    expect(r.status).toBe(422);
    expect(r.msg).toBe('Unknown Bank Card, Please Enter The Bank Card First!');
    expect((await balances(u.token)).available).toBe('100');
  });

  test('identity verification is required by default', async () => {
    const u = await walletUser(t, { card: true });
    await fund(t, u, '100', finance);
    expect((await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY }, u.token)).code).toBe(4008);
  });

  test('request freezes the amount; payout takes it with the fee; fund details tell the story', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '200', finance);
    const r = await post('/api/wallet/bankWithdrawal', { amount: '100', payPassword: PAY }, u.token);
    // Default fee: 1 fixed + 0.5 % of 100.
    expect(r.data).toMatchObject({
      amount: '100',
      fee: '1.5',
      netAmount: '98.5',
      status: 'pending',
      result: 'processing',
    });
    expect(r.data.destination).toBe('Vietcombank **** **** **** 5678');
    expect(await balances(u.token)).toMatchObject({ available: '100', frozen: '100', total: '200' });
    const queue = await call(t.app, 'GET', '/api/admin/withdrawals?status=pending', undefined, { token: finance });
    const item = queue.data.list.find((w: { id: string }) => w.id === r.data.id);
    expect(item.destinationDetail).toMatchObject({ cardNumber: '9704366112345678', holderName: 'Nguyen Van A' });
    // What the operator copies: no raw "type bank" row (the method says it), no empty field.
    expect(item.destinationDetail).not.toHaveProperty('type');
    expect(Object.values(item.destinationDetail)).not.toContain('');
    const paid = await call(
      t.app,
      'POST',
      `/api/admin/withdrawals/${r.data.id}/approve`,
      { payoutReference: 'VCB-123' },
      { token: finance },
    );
    expect(paid.data).toMatchObject({ status: 'paid', result: 'success', payoutReference: 'VCB-123' });
    expect(await balances(u.token)).toMatchObject({ available: '100', frozen: '0', total: '100' });
    const water = await post('/api/user/water', {}, u.token);
    expect(
      water.data.list.map(
        (e: { kind: string; amount: string; balanceAfter: string; state: string }) =>
          `${e.kind} ${e.amount} ${e.balanceAfter} ${e.state}`,
      ),
    ).toEqual([
      // Events, not legs: paying from held money leaves the available balance where it was.
      'withdrawal_payout 0 100 paid',
      'withdrawal_request -100 100 paid',
      'deposit 200 200 completed',
    ]);
    expect(
      (await call(t.app, 'POST', `/api/admin/withdrawals/${r.data.id}/reject`, { reason: 'late' }, { token: finance }))
        .code,
    ).toBe(4015);
    await booksBalance();
  });

  test('rejection returns the money', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '60', finance);
    const r = await post('/api/wallet/bankWithdrawal', { amount: '60', payPassword: PAY }, u.token);
    const rejected = await call(
      t.app,
      'POST',
      `/api/admin/withdrawals/${r.data.id}/reject`,
      { reason: 'card name mismatch' },
      { token: finance },
    );
    expect(rejected.data).toMatchObject({ status: 'rejected', result: 'fail', rejectReason: 'card name mismatch' });
    expect(await balances(u.token)).toMatchObject({ available: '60', frozen: '0' });
    await booksBalance();
  });

  test('a large withdrawal needs a second, different operator', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '20000', finance);
    const r = await post('/api/wallet/bankWithdrawal', { amount: '15000', payPassword: PAY }, u.token);
    const first = await call(t.app, 'POST', `/api/admin/withdrawals/${r.data.id}/approve`, {}, { token: finance });
    expect(first.data).toMatchObject({ status: 'approved', needsSecondApproval: true, result: 'processing' });
    expect((await balances(u.token)).frozen).toBe('15000');
    const self = await call(t.app, 'POST', `/api/admin/withdrawals/${r.data.id}/approve`, {}, { token: finance });
    expect(self.code).toBe(4016);
    const second = await call(t.app, 'POST', `/api/admin/withdrawals/${r.data.id}/approve`, {}, { token: finance2 });
    expect(second.data.status).toBe('paid');
    expect((await balances(u.token)).frozen).toBe('0');
    await booksBalance();
  });

  test('rules: minimum, insufficient balance, daily count, wrong payment password, another user’s address', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '50', finance);
    expect((await post('/api/wallet/bankWithdrawal', { amount: '9', payPassword: PAY }, u.token)).code).toBe(4009);
    expect((await post('/api/wallet/bankWithdrawal', { amount: '50.000001', payPassword: PAY }, u.token)).code).toBe(
      4002,
    );
    expect(
      (await post('/api/wallet/bankWithdrawal', { amount: '1.1234567', payPassword: PAY }, u.token)).data.fields.amount,
    ).toBe('Incorrect Amount');
    expect((await post('/api/wallet/bankWithdrawal', { amount: '20', payPassword: '111111' }, u.token)).code).toBe(
      2009,
    );
    const other = await walletUser(t);
    const theirs = await post('/api/user/save_wallet', { address: newTronAddress(), payPassword: PAY }, other.token);
    const stolen = await post(
      '/api/wallet/trcWithdrawal',
      { amount: '20', walletId: theirs.data.id, payPassword: PAY },
      u.token,
    );
    expect(stolen.code).toBe(4007);
    const mine = await post('/api/user/save_wallet', { address: newTronAddress(), payPassword: PAY }, u.token);
    const viaAddress = await post(
      '/api/wallet/trcWithdrawal',
      { amount: '20', walletId: mine.data.id, payPassword: PAY },
      u.token,
    );
    expect(viaAddress.data).toMatchObject({ method: 'trc20', destination: mine.data.address });
    await setWalletRules(t, finance, { withdrawDailyCountMax: 1 });
    try {
      expect((await post('/api/wallet/bankWithdrawal', { amount: '10', payPassword: PAY }, u.token)).code).toBe(4010);
    } finally {
      await setWalletRules(t, finance, { withdrawDailyCountMax: 50 });
    }
    expect(await balances(u.token)).toMatchObject({ available: '30', frozen: '20' });
    await booksBalance();
  });

  test('users see only their own deposits and withdrawals; operators only with the finance role', async () => {
    const a = await walletUser(t, { kyc: true, card: true });
    const b = await walletUser(t);
    await fund(t, a, '40', finance);
    await post('/api/wallet/bankWithdrawal', { amount: '20', payPassword: PAY }, a.token);
    expect((await post('/api/user/deposit', {}, b.token)).data.total).toBe(0);
    expect((await post('/api/wallet/withdrawals', {}, b.token)).data.total).toBe(0);
    expect((await post('/api/user/water', {}, b.token)).data.total).toBe(0);
    expect((await post('/api/user/bank_card', {}, b.token)).data).toBeNull();
    const support = await adminWithRole(t, 'support');
    expect((await call(t.app, 'GET', '/api/admin/withdrawals', undefined, { token: support.token })).status).toBe(403);
    // Support reads a user's deposits to answer in chat, and cannot decide one.
    const supportReads = await call(t.app, 'GET', `/api/admin/deposits?userId=${a.userId}`, undefined, {
      token: support.token,
    });
    expect(supportReads.status).toBe(200);
    expect(supportReads.data.total).toBe(1);
    const depositId = supportReads.data.list[0].id;
    const decide = await call(t.app, 'POST', `/api/admin/deposits/${depositId}/confirm`, {}, { token: support.token });
    expect(decide.status).toBe(403);
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, b.userId));
    expect(rows).toHaveLength(0);
  });
});

describe('adjustments and reconciliation', () => {
  test('an adjustment is a journal with a reason, audited; the books stay balanced', async () => {
    const u = await walletUser(t);
    const r = await call(
      t.app,
      'POST',
      '/api/admin/adjustments',
      { userId: String(u.userId), direction: 'credit', amount: '12.34', reason: 'compensation for outage' },
      { token: finance, headers: { 'idempotency-key': 'adjust-0000001' } },
    );
    expect(r.data).toMatchObject({ kind: 'adjustment', memo: 'compensation for outage' });
    const again = await call(
      t.app,
      'POST',
      '/api/admin/adjustments',
      { userId: String(u.userId), direction: 'credit', amount: '12.34', reason: 'compensation for outage' },
      { token: finance, headers: { 'idempotency-key': 'adjust-0000001' } },
    );
    expect(again.code).toBe(0);
    expect((await balances(u.token)).available).toBe('12.34');
    const over = await call(
      t.app,
      'POST',
      '/api/admin/adjustments',
      { userId: String(u.userId), direction: 'debit', amount: '13', reason: 'x' },
      { token: finance },
    );
    expect(over.code).toBe(4002);
    const noReason = await call(
      t.app,
      'POST',
      '/api/admin/adjustments',
      { userId: String(u.userId), direction: 'debit', amount: '1' },
      { token: finance },
    );
    expect(noReason.status).toBe(400);
    const report = await call(t.app, 'GET', '/api/admin/reconciliation', undefined, { token: finance });
    expect(report.data).toMatchObject({
      isBalanced: true,
      journalsNotBalanced: 0,
      accountsNotMatchingPostings: 0,
      userAccountsBelowZero: 0,
    });
    expect(report.data.postingsSum).toEqual({ USDT: '0' });
    const journals = await call(t.app, 'GET', `/api/admin/journals?userId=${u.userId}`, undefined, { token: finance });
    expect(journals.data.list).toHaveLength(1);
    expect(journals.data.list[0].postings.map((p: { account: string }) => p.account).sort()).toEqual([
      'platform:adjustments:USDT',
      `user:${u.userId}:available:USDT`,
    ]);
  });

  /** The answered journal must be the stored row of that id, with this user's posting and this reason. */
  const expectStoredAdjustment = async (
    answer: { id: string; memo: string | null; postings: Array<{ userId: string | null; amount: string }> },
    userId: number,
    expected: { amount: string; memo: string },
  ) => {
    const [journal] = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.id, Number(answer.id)));
    const [posting] = await t.database.db
      .select()
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.journalId, Number(answer.id)), eq(ledgerPostings.userId, userId)));
    expect(journal).toMatchObject({ kind: 'adjustment', memo: expected.memo });
    expect(formatAmount(posting!.amount)).toBe(expected.amount);
    expect(answer.memo).toBe(journal!.memo);
    expect(answer.postings.find((p) => p.userId === String(userId))?.amount).toBe(formatAmount(posting!.amount));
  };

  test('a replayed adjustment answers the journal it posted, not the newest one', async () => {
    const u = await walletUser(t);
    const adjust = (amount: string, reason: string, headers?: Record<string, string>) =>
      call(
        t.app,
        'POST',
        '/api/admin/adjustments',
        { userId: String(u.userId), direction: 'credit', amount, reason },
        { token: finance, headers },
      );
    const key = { 'idempotency-key': 'adjust-answer-0001' };
    const first = await adjust('5', 'first credit', key);
    // Another journal lands after it, so the newest journal is no longer the one the key posted.
    const second = await adjust('7', 'second credit');
    const replay = await adjust('5', 'first credit', key);
    expect(replay.code).toBe(0);
    expect(replay.data.id).toBe(first.data.id);
    expect(replay.data.id).not.toBe(second.data.id);
    await expectStoredAdjustment(replay.data, u.userId, { amount: '5', memo: 'first credit' });
    await expectStoredAdjustment(second.data, u.userId, { amount: '7', memo: 'second credit' });
    expect((await balances(u.token)).available).toBe('12');
  });

  test('adjustments posted at once each answer their own journal', async () => {
    const u = await walletUser(t);
    const amounts = ['1', '2', '3', '4', '5', '6'];
    const answers = await Promise.all(
      amounts.map((amount) =>
        call(
          t.app,
          'POST',
          '/api/admin/adjustments',
          { userId: String(u.userId), direction: 'credit', amount, reason: `parallel ${amount}` },
          { token: finance },
        ),
      ),
    );
    expect(new Set(answers.map((r) => r.data.id)).size).toBe(amounts.length);
    for (const [i, r] of answers.entries()) {
      await expectStoredAdjustment(r.data, u.userId, { amount: amounts[i]!, memo: `parallel ${amounts[i]}` });
    }
    expect((await balances(u.token)).available).toBe('21');
  });
});
