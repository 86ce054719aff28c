import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { readPlatformSettings } from '../settings/settings.service.js';
import { settings as settingsTable } from '../settings/settings.tables.js';
import { deposits, withdrawals } from './wallet.tables.js';
import { bankCardInput, fund, PAY, setWalletRules, walletUser } from './wallet.test-support.js';

/** Bank deposits and withdrawals in the bank's currency (issue 12): a rate finance sets, locked per request. */
let t: TestApp;
let finance: string;
const BANK = { bankName: 'Vietcombank', holderName: 'Vela Co', cardNumber: '0071000123456', branch: 'Hanoi' };
const TAIPEI = { bankName: 'CTBC Bank', holderName: 'Vela Ltd', cardNumber: '901540012345', branch: 'Taipei' };
beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, {
    withdrawDailyCountMax: 50,
    withdrawFeeFixed: '1',
    withdrawFeeRateBp: 0,
    bankAccounts: [{ ...BANK, currency: 'VND', rate: '25400' }],
  });
  // The bank list says which currency each bank's cards are paid in.
  for (const [name, currency] of [
    ['Vietcombank', 'VND'],
    ['CTBC Bank', 'twd'],
    ['Example Bank', ''],
  ])
    await call(t.app, 'POST', '/api/admin/banks', { name, currency }, { token: finance });
});
afterAll(async () => t.close());

const post = (url: string, body: unknown, token?: string, lang = 'en') =>
  call(t.app, 'POST', url, body, { token, lang });
/** The first (default) account in `currency` at `rate`, and a TWD account in Taipei after it. */
const setRate = (currency: string, rate: string) =>
  setWalletRules(t, finance, {
    bankAccounts: [
      { ...BANK, id: 'hanoi', currency, rate },
      { ...TAIPEI, id: 'taipei', currency: 'TWD', rate: '32.15' },
    ],
  });
const available = async (token: string) => ({
  amount: (await post('/api/user/balance_list', {}, token)).data.available as string,
});

describe('the receiving accounts finance sets', () => {
  test('are published with their currency and rate; bad input is refused, localised, and changes nothing', async () => {
    await setRate('VND', '25400');
    const config = await post('/api/common/config', {});
    expect(config.data.wallet.bankAccounts).toEqual([
      { ...BANK, id: 'hanoi', currency: 'VND', rate: '25400' },
      { ...TAIPEI, id: 'taipei', currency: 'TWD', rate: '32.15' },
    ]);
    const current = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: finance })).data.wallet;
    for (const [bad, field, message] of [
      [{ currency: 'VND', rate: '0' }, 'bankAccounts.1.rate', 'Nhập tỷ giá lớn hơn 0 (số tiền pháp định cho 1 USDT)'],
      [{ currency: 'VND', rate: '-3' }, 'bankAccounts.1.rate', 'Nhập tỷ giá lớn hơn 0 (số tiền pháp định cho 1 USDT)'],
      [{ currency: 'VND', rate: '' }, 'bankAccounts.1.rate', 'Nhập tỷ giá lớn hơn 0 (số tiền pháp định cho 1 USDT)'],
      [{ currency: 'XYZ', rate: '10' }, 'bankAccounts.1.currency', 'Nhập mã tiền tệ, ví dụ VND hoặc TWD'],
      [{ currency: '', rate: '10' }, 'bankAccounts.1.currency', 'Nhập mã tiền tệ, ví dụ VND hoặc TWD'],
      [{ bankName: ' ' }, 'bankAccounts.1.bankName', 'Vui lòng nhập tên ngân hàng'],
      [{ id: 'hanoi' }, 'bankAccounts.1.id', 'Hai tài khoản có cùng mã'],
    ] as const) {
      const r = await call(
        t.app,
        'PUT',
        '/api/admin/settings/wallet',
        { ...current, bankAccounts: [current.bankAccounts[0], { ...current.bankAccounts[1], ...bad }] },
        { token: finance, lang: 'vn' },
      );
      expect(r.status).toBe(400);
      expect(r.data.fields[field]).toBe(message);
    }
    const after = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: finance })).data.wallet;
    expect(after.bankAccounts).toEqual(current.bankAccounts);
  });

  test('a new account gets an id of its own; the old single-account shape is not taken on save', async () => {
    await setRate('VND', '25400');
    const current = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: finance })).data.wallet;
    const extra = { ...BANK, cardNumber: '0071000999999', currency: 'vnd', rate: '25500' };
    await setWalletRules(t, finance, { bankAccounts: [...current.bankAccounts, extra] });
    const saved = (await post('/api/common/config', {})).data.wallet.bankAccounts;
    expect(saved).toHaveLength(3);
    expect(saved[2]).toMatchObject({ cardNumber: '0071000999999', currency: 'VND', rate: '25500' });
    expect(saved[2].id).toMatch(/^[a-z0-9-]{1,16}$/);
    expect(new Set(saved.map((a: { id: string }) => a.id)).size).toBe(3);

    const { bankAccounts: _, ...rest } = current;
    const old = await call(
      t.app,
      'PUT',
      '/api/admin/settings/wallet',
      { ...rest, bankAccount: { ...BANK, currency: '', rate: '' } },
      { token: finance, lang: 'en' },
    );
    expect(old.status).toBe(400);
    expect((await post('/api/common/config', {})).data.wallet.bankAccounts).toHaveLength(3);
    await setRate('VND', '25400');
  });

  test('settings stored with one bankAccount read as a list of it (the read path and the migration)', async () => {
    const legacy = {
      ...(await readPlatformSettings(t.database.db)).wallet,
      bankAccounts: undefined,
      bankAccount: { ...BANK, currency: 'VND', rate: '25400' },
    };
    const db = t.database.db;
    const store = (value: unknown) =>
      db
        .insert(settingsTable)
        .values({ key: 'wallet', value })
        .onConflictDoUpdate({ target: settingsTable.key, set: { value } });
    const kept = (await db.select().from(settingsTable).where(eq(settingsTable.key, 'wallet')))[0]!.value;
    try {
      await store(JSON.parse(JSON.stringify(legacy)));
      expect((await readPlatformSettings(db)).wallet.bankAccounts).toEqual([
        { ...BANK, id: 'main', currency: 'VND', rate: '25400' },
      ]);
      // The migration rewrites the stored value the same way.
      const file = readdirSync(migrationsFolder()).find((name) => name.endsWith('_fiat_accounts.sql'))!;
      const update = readFileSync(path.join(migrationsFolder(), file), 'utf8')
        .split('--> statement-breakpoint')
        .find((statement) => statement.includes('UPDATE "settings"'))!;
      await db.execute(sql.raw(update));
      const [row] = await db.select().from(settingsTable).where(eq(settingsTable.key, 'wallet'));
      expect(row!.value).not.toHaveProperty('bankAccount');
      expect((row!.value as { bankAccounts: unknown }).bankAccounts).toEqual([
        { ...BANK, id: 'main', currency: 'VND', rate: '25400' },
      ]);
      // A blank old account is no account.
      await store(JSON.parse(JSON.stringify({ ...legacy, bankAccount: { ...BANK, bankName: '', cardNumber: '' } })));
      expect((await readPlatformSettings(db)).wallet.bankAccounts).toEqual([]);
    } finally {
      await store(kept);
    }
  });

  test('a lower-case code is taken as the ISO code', async () => {
    await setRate('twd', '32.15');
    const config = await post('/api/common/config', {});
    expect(config.data.wallet.bankAccounts[0]).toMatchObject({ currency: 'TWD', rate: '32.15' });
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

  test('the chosen account locks its own currency and rate, and the deposit keeps the account it went to', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t);
    const r = await post(
      '/api/wallet/submit',
      { method: 'bank', amount: '100', bankAccountId: 'taipei', rate: '32.15' },
      u.token,
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      fiatCurrency: 'TWD',
      fiatRate: '32.15',
      fiatAmount: '3215',
      bankAccount: { id: 'taipei', bankName: 'CTBC Bank', holderName: 'Vela Ltd', cardNumber: '901540012345' },
    });
    // Finance changes the Taipei rate, then removes the account: the request keeps what it was made with.
    await setWalletRules(t, finance, {
      bankAccounts: [
        { ...BANK, id: 'hanoi', currency: 'VND', rate: '25400' },
        { ...TAIPEI, id: 'taipei', currency: 'TWD', rate: '33' },
      ],
    });
    await setWalletRules(t, finance, { bankAccounts: [{ ...BANK, id: 'hanoi', currency: 'VND', rate: '25400' }] });
    const listed = (await post('/api/user/deposit', {}, u.token)).data.list[0];
    expect(listed).toMatchObject({ fiatCurrency: 'TWD', fiatRate: '32.15', fiatAmount: '3215', fiatReceived: null });
    expect(listed.bankAccount).toMatchObject({ id: 'taipei', cardNumber: '901540012345' });
    // No account named: the first (the reference client).
    const first = await post('/api/wallet/submit', { method: 'bank', amount: '10' }, u.token);
    expect(first.data).toMatchObject({ fiatCurrency: 'VND', bankAccount: { id: 'hanoi' } });
    await setRate('VND', '25400');
  });

  test('an account no longer offered, or a rate that is not a rate, is refused in the user language; nothing is recorded', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t);
    const gone = await post(
      '/api/wallet/submit',
      { method: 'bank', amount: '100', bankAccountId: 'closed', rate: '25400' },
      u.token,
      'vn',
    );
    expect(gone.status).toBe(409);
    expect(gone.msg).toBe('Tài khoản nhận này không còn được sử dụng, vui lòng chọn lại tài khoản');
    for (const rate of ['abc', '0', '-25400', '1.123456789']) {
      const bad = await post('/api/wallet/submit', { method: 'bank', amount: '100', rate }, u.token, 'zn');
      expect(bad.status).toBe(400);
      expect(bad.data.fields.rate).toBe('請輸入大於 0 的匯率（每 1 USDT 兌換的法幣）');
    }
    expect((await post('/api/user/deposit', {}, u.token)).data.total).toBe(0);
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
    await setWalletRules(t, finance, { bankAccounts: [{ ...BANK, currency: '', rate: '' }] });
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
    // The depositor's record shows the fiat the operator confirmed.
    const mine = (await post('/api/user/deposit', {}, u.token)).data.list[0];
    expect(mine).toMatchObject({ status: 'confirmed', fiatReceived: '2540000', fiatRate: '25400' });

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

  test("the card's bank decides the currency: a TWD card arrives in TWD at the Taipei account's rate", async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t, { kyc: true });
    await call(t.app, 'POST', '/api/user/save_bank', bankCardInput({ bankName: 'CTBC Bank' }), { token: u.token });
    expect((await post('/api/user/bank_card', {}, u.token)).data.currency).toBe('TWD');
    await fund(t, u, '500', finance);
    const w = await post('/api/wallet/bankWithdrawal', { amount: '101', payPassword: PAY, rate: '32.15' }, u.token);
    expect(w.data).toMatchObject({ netAmount: '100', fiatCurrency: 'TWD', fiatRate: '32.15', fiatAmount: '3215' });
    // A VND rate sent for a TWD card is not the card's rate: refused, nothing frozen.
    const wrong = await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY, rate: '25400' }, u.token);
    expect(wrong.code).toBe(4018);
    expect(wrong.data).toMatchObject({ currency: 'TWD', rate: '32.15' });
    expect(await available(u.token)).toEqual({ amount: '399' });
    // Later rates leave the request alone.
    await setWalletRules(t, finance, {
      bankAccounts: [
        { ...BANK, id: 'hanoi', currency: 'VND', rate: '25400' },
        { ...TAIPEI, id: 'taipei', currency: 'TWD', rate: '40' },
      ],
    });
    const listed = (await post('/api/wallet/withdrawals', {}, u.token)).data.list[0];
    expect(listed).toMatchObject({ fiatCurrency: 'TWD', fiatRate: '32.15', fiatAmount: '3215' });
    await setRate('VND', '25400');
  });

  test('a bank without a currency, or a currency the platform has no account in, is paid in USDT figures', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t, { kyc: true });
    await call(t.app, 'POST', '/api/user/save_bank', bankCardInput({ bankName: 'Example Bank' }), { token: u.token });
    expect((await post('/api/user/bank_card', {}, u.token)).data.currency).toBeNull();
    await fund(t, u, '500', finance);
    const w = await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY }, u.token);
    expect(w.data).toMatchObject({ fiatCurrency: null, fiatRate: null, fiatAmount: null });
    // With only a VND account, a TWD card has no rail either.
    await setWalletRules(t, finance, { bankAccounts: [{ ...BANK, id: 'hanoi', currency: 'VND', rate: '25400' }] });
    await call(t.app, 'POST', '/api/user/save_bank', bankCardInput({ bankName: 'CTBC Bank' }), { token: u.token });
    const twd = await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY }, u.token);
    expect(twd.data).toMatchObject({ fiatCurrency: null, fiatAmount: null });
    await setRate('VND', '25400');
  });

  test('a bank currency that is not a currency is refused with a field error and changes nothing', async () => {
    const banks = async () => (await call(t.app, 'GET', '/api/admin/banks', undefined, { token: finance })).data;
    const before = await banks();
    const r = await call(
      t.app,
      'POST',
      '/api/admin/banks',
      { name: 'Bad Bank', currency: 'XX1' },
      {
        token: finance,
        lang: 'zn',
      },
    );
    expect(r.status).toBe(400);
    expect(r.data.fields.currency).toBe('請輸入幣別代碼，例如 VND 或 TWD');
    expect(await banks()).toEqual(before);
  });

  test('a withdrawal rate that is not a rate is a field error; nothing is frozen', async () => {
    await setRate('VND', '25400');
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '200', finance);
    const r = await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY, rate: '1e5' }, u.token, 'en');
    expect(r.status).toBe(400);
    expect(r.data.fields.rate).toBe('Enter a rate above 0 (fiat per 1 USDT)');
    expect((await available(u.token)).amount).toBe('200');
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
