import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { deposits, withdrawals } from './wallet.tables.js';
import { fund, PAY, setWalletRules, walletUser } from './wallet.test-support.js';

/** Bank deposits and withdrawals in the bank's currency (issue 12): a rate finance sets, locked per request. */
let t: TestApp;
let finance: string;
const BANK = { bankName: 'Vietcombank', holderName: 'Vela Co', cardNumber: '0071000123456', branch: 'Hanoi' };
beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, {
    withdrawDailyCountMax: 50,
    withdrawFeeFixed: '1',
    withdrawFeeRateBp: 0,
    bankAccount: { ...BANK, currency: 'VND', rate: '25400' },
  });
});
afterAll(async () => t.close());

const post = (url: string, body: unknown, token?: string, lang = 'en') =>
  call(t.app, 'POST', url, body, { token, lang });
const setRate = (currency: string, rate: string) =>
  setWalletRules(t, finance, { bankAccount: { ...BANK, currency, rate } });
const available = async (token: string) => ({
  amount: (await post('/api/user/balance_list', {}, token)).data.available as string,
});

describe('the rate finance sets', () => {
  test('is published with the receiving account; bad input is refused, localised, and changes nothing', async () => {
    await setRate('VND', '25400');
    const config = await post('/api/common/config', {});
    expect(config.data.wallet.bankAccount).toMatchObject({ currency: 'VND', rate: '25400' });
    const current = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: finance })).data.wallet;
    for (const [bad, field, message] of [
      [{ currency: 'VND', rate: '0' }, 'bankAccount.rate', 'Nhập tỷ giá lớn hơn 0 (số tiền pháp định cho 1 USDT)'],
      [{ currency: 'VND', rate: '-3' }, 'bankAccount.rate', 'Nhập tỷ giá lớn hơn 0 (số tiền pháp định cho 1 USDT)'],
      [{ currency: 'XYZ', rate: '10' }, 'bankAccount.currency', 'Nhập mã tiền tệ, ví dụ VND hoặc TWD'],
    ] as const) {
      const r = await call(
        t.app,
        'PUT',
        '/api/admin/settings/wallet',
        { ...current, bankAccount: { ...BANK, ...bad } },
        { token: finance, lang: 'vn' },
      );
      expect(r.status).toBe(400);
      expect(r.data.fields[field]).toBe(message);
    }
    const after = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: finance })).data.wallet;
    expect(after.bankAccount).toMatchObject({ currency: 'VND', rate: '25400' });
  });

  test('a lower-case code is taken as the ISO code', async () => {
    await setRate('twd', '32.15');
    const config = await post('/api/common/config', {});
    expect(config.data.wallet.bankAccount).toMatchObject({ currency: 'TWD', rate: '32.15' });
    await setRate('VND', '25400');
  });
});

describe('bank deposits in the account currency', () => {
  test('submit locks the server rate and the fiat; a later rate change leaves the request alone', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t);
    const r = await post('/api/wallet/submit', { method: 'bank', amount: '100.5', rate: '25400' }, u.token);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ amount: '100.5', fiatCurrency: 'VND', fiatRate: '25400', fiatAmount: '2552700' });
    await setRate('VND', '26000');
    const listed = await post('/api/user/deposit', {}, u.token);
    expect(listed.data.list[0]).toMatchObject({ fiatRate: '25400', fiatAmount: '2552700' });
    const [row] = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, Number(r.data.id)));
    expect(row).toMatchObject({ fiatCurrency: 'VND', fiatRate: '25400', fiatAmountMinor: 2_552_700n });
    await setRate('VND', '25400');
  });

  test('a rate the client saw that is no longer current is refused in its language, with the new rate', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t);
    const r = await post('/api/wallet/submit', { method: 'bank', amount: '100', rate: '25000' }, u.token, 'zn');
    expect(r.status).toBe(409);
    expect(r.msg).toBe('匯率已變更，請確認新的金額後重新提交');
    expect(r.data).toMatchObject({ currency: 'VND', rate: '25400' });
    expect((await post('/api/user/deposit', {}, u.token)).data.total).toBe(0);
    // The same figure written another way is the same rate.
    expect((await post('/api/wallet/submit', { method: 'bank', amount: '100', rate: '25400.00' }, u.token)).code).toBe(
      0,
    );
  });

  test('the reference client (no rate) still submits; the server uses its own rate', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t);
    const r = await post('/api/wallet/submit', { method: 'bank', amount: '10' }, u.token);
    expect(r.data).toMatchObject({ fiatCurrency: 'VND', fiatRate: '25400', fiatAmount: '254000' });
  });

  test('fiat is rounded to the currency minor units (VND 0 decimals, TWD 2)', async () => {
    const u = await walletUser(t);
    await setRate('VND', '25400.7');
    expect((await post('/api/wallet/submit', { method: 'bank', amount: '10.123456' }, u.token)).data.fiatAmount).toBe(
      '257143', // 10.123456 × 25400.7 = 257142.8...
    );
    await setRate('TWD', '32.15');
    const twd = await post('/api/wallet/submit', { method: 'bank', amount: '10.123456' }, u.token);
    expect(twd.data).toMatchObject({ fiatCurrency: 'TWD', fiatAmount: '325.47' }); // 325.469110...
    await setRate('VND', '25400');
  });

  test('a USDT-only account (no currency) and TRC20 deposits carry no fiat', async () => {
    await setWalletRules(t, finance, { bankAccount: { ...BANK, currency: '', rate: '' } });
    const u = await walletUser(t);
    const r = await post('/api/wallet/submit', { method: 'bank', amount: '10' }, u.token);
    expect(r.data).toMatchObject({ fiatCurrency: null, fiatRate: null, fiatAmount: null });
    await setRate('VND', '25400');
  });

  test('confirm by the expected fiat credits the requested USDT; another fiat figure credits per the locked rate, with a note', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t);
    const a = await post('/api/wallet/submit', { method: 'bank', amount: '100' }, u.token);
    await setRate('VND', '30000');
    const confirmA = await call(
      t.app,
      'POST',
      `/api/admin/deposits/${a.data.id}/confirm`,
      { fiatReceived: '2540000' },
      { token: finance, lang: 'en' },
    );
    expect(confirmA.data).toMatchObject({ creditedAmount: '100', fiatReceived: '2540000', fiatAmount: '2540000' });
    expect((await available(u.token)).amount).toBe('100');

    await setRate('VND', '25400');
    const b = await post('/api/wallet/submit', { method: 'bank', amount: '100' }, u.token);
    await setRate('VND', '20000');
    const noNote = await call(
      t.app,
      'POST',
      `/api/admin/deposits/${b.data.id}/confirm`,
      { fiatReceived: '1270000' },
      { token: finance, lang: 'en' },
    );
    expect(noNote.code).not.toBe(0);
    expect(noNote.msg).toBe('A note is required when the amount is corrected');
    const half = await call(
      t.app,
      'POST',
      `/api/admin/deposits/${b.data.id}/confirm`,
      { fiatReceived: '1270000', note: 'half arrived' },
      { token: finance, lang: 'en' },
    );
    // 1 270 000 VND at the locked 25 400 is 50 USDT (not 63.5 at today's 20 000).
    expect(half.data).toMatchObject({ creditedAmount: '50', fiatReceived: '1270000' });
    expect((await available(u.token)).amount).toBe('150');
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
    await setRate('VND', '25400');
  });

  test('a fiat figure with more decimals than the currency has is refused and credits nothing', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t);
    const d = await post('/api/wallet/submit', { method: 'bank', amount: '100' }, u.token);
    const r = await call(
      t.app,
      'POST',
      `/api/admin/deposits/${d.data.id}/confirm`,
      { fiatReceived: '2540000.5', note: 'x' },
      { token: finance, lang: 'en' },
    );
    expect(r.status).toBe(400);
    expect(r.data.fields.fiatReceived).toBe('Incorrect Amount');
    const [row] = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, Number(d.data.id)));
    expect(row!.status).toBe('pending');
  });
});

describe('bank withdrawals in the card currency', () => {
  test('the request locks what arrives (net of fees) at the current rate; the pay-out shows it', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '500', finance);
    const w = await post('/api/wallet/bankWithdrawal', { amount: '101', payPassword: PAY, rate: '25400' }, u.token);
    expect(w.code).toBe(0);
    // 101 − 1 fee = 100 USDT net → 2 540 000 VND.
    expect(w.data).toMatchObject({ netAmount: '100', fiatCurrency: 'VND', fiatRate: '25400', fiatAmount: '2540000' });
    await setRate('VND', '26000');
    const [row] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, Number(w.data.id)));
    expect(row!.fiatAmountMinor).toBe(2_540_000n);
    const queue = await call(t.app, 'GET', '/api/admin/withdrawals?status=pending', undefined, { token: finance });
    const listed = queue.data.list.find((x: { id: string }) => x.id === w.data.id);
    expect(listed).toMatchObject({ fiatCurrency: 'VND', fiatAmount: '2540000' });
    await setRate('VND', '25400');
  });

  test('a stale rate is refused and nothing is frozen', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '200', finance);
    const r = await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY, rate: '24000' }, u.token);
    expect(r.code).toBe(4018);
    expect((await available(u.token)).amount).toBe('200');
  });
});
