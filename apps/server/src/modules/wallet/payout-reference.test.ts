import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { fund, newTronAddress, PAY, setWalletRules, walletUser } from './wallet.test-support.js';

/** Issue 12: the reference an operator enters when paying out reaches the user, with an explorer link for TRC20. */

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

const post = (url: string, body: unknown, token?: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });
const HASH = 'ab'.repeat(32);

async function userWithAddress() {
  const u = await walletUser(t, { kyc: true, card: true });
  await fund(t, u, '30000', finance);
  const saved = await post('/api/user/save_wallet', { address: newTronAddress(), payPassword: PAY }, u.token);
  return { ...u, walletId: saved.data.id as string };
}

async function listed(token: string, id: string) {
  const list = await post('/api/wallet/withdrawals', {}, token);
  return list.data.list.find((w: { id: string }) => w.id === id);
}

const pay = (id: string, payoutReference?: string, token = finance) =>
  call(t.app, 'POST', `/api/admin/withdrawals/${id}/approve`, payoutReference ? { payoutReference } : {}, { token });

describe('the payout reference in the user’s withdrawal list', () => {
  test('a bank payout: no reference while processing; the reference after pay, never a link', async () => {
    const u = await userWithAddress();
    const r = await post('/api/wallet/bankWithdrawal', { amount: '100', payPassword: PAY }, u.token);
    expect(r.data).toMatchObject({ payoutReference: null, payoutUrl: null });
    expect(await listed(u.token, r.data.id)).toMatchObject({
      result: 'processing',
      payoutReference: null,
      payoutUrl: null,
    });

    expect((await pay(r.data.id, 'VCB-20261124-001')).code).toBe(0);
    expect(await listed(u.token, r.data.id)).toMatchObject({
      result: 'success',
      payoutReference: 'VCB-20261124-001',
      payoutUrl: null,
    });
  });

  test('a TRC20 payout: the transaction id and its explorer link once paid', async () => {
    const u = await userWithAddress();
    const r = await post(
      '/api/wallet/trcWithdrawal',
      { amount: '100', walletId: u.walletId, payPassword: PAY },
      u.token,
    );
    expect(await listed(u.token, r.data.id)).toMatchObject({ payoutReference: null, payoutUrl: null });

    await pay(r.data.id, `0x${HASH.toUpperCase()}`);
    expect(await listed(u.token, r.data.id)).toMatchObject({
      result: 'success',
      payoutReference: `0x${HASH.toUpperCase()}`,
      payoutUrl: `https://tronscan.org/#/transaction/${HASH}`,
    });
  });

  test('a first approval of a large withdrawal shows nothing yet; the paying approval’s reference shows', async () => {
    const u = await userWithAddress();
    const r = await post(
      '/api/wallet/trcWithdrawal',
      { amount: '15000', walletId: u.walletId, payPassword: PAY },
      u.token,
    );
    const first = await pay(r.data.id, HASH);
    expect(first.data.status).toBe('approved');
    expect(await listed(u.token, r.data.id)).toMatchObject({
      result: 'processing',
      payoutReference: null,
      payoutUrl: null,
    });
    await pay(r.data.id, HASH, finance2);
    expect(await listed(u.token, r.data.id)).toMatchObject({
      result: 'success',
      payoutReference: HASH,
      payoutUrl: `https://tronscan.org/#/transaction/${HASH}`,
    });
  });

  test('a TRC20 reference that is not a transaction id is shown but not linked', async () => {
    const u = await userWithAddress();
    const r = await post(
      '/api/wallet/trcWithdrawal',
      { amount: '100', walletId: u.walletId, payPassword: PAY },
      u.token,
    );
    await pay(r.data.id, 'sent from hot wallet 2');
    expect(await listed(u.token, r.data.id)).toMatchObject({
      payoutReference: 'sent from hot wallet 2',
      payoutUrl: null,
    });
  });

  test('a rejected withdrawal has no reference', async () => {
    const u = await userWithAddress();
    const r = await post(
      '/api/wallet/trcWithdrawal',
      { amount: '100', walletId: u.walletId, payPassword: PAY },
      u.token,
    );
    await call(t.app, 'POST', `/api/admin/withdrawals/${r.data.id}/reject`, { reason: 'checks' }, { token: finance });
    expect(await listed(u.token, r.data.id)).toMatchObject({ result: 'fail', payoutReference: null, payoutUrl: null });
  });
});

describe('the block explorer setting', () => {
  const settings = async () => (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: finance })).data;
  const putWallet = async (trc20ExplorerTxUrl: unknown, lang = 'en') =>
    call(
      t.app,
      'PUT',
      '/api/admin/settings/wallet',
      { ...(await settings()).wallet, trc20ExplorerTxUrl },
      { token: finance, lang },
    );

  test('defaults to Tronscan and is published with the wallet rules', async () => {
    expect((await settings()).wallet.trc20ExplorerTxUrl).toBe('https://tronscan.org/#/transaction/{hash}');
    const config = await call(t.app, 'POST', '/api/common/config', {});
    expect(config.data.wallet.trc20ExplorerTxUrl).toBe('https://tronscan.org/#/transaction/{hash}');
  });

  test.each([
    ['no placeholder', 'https://tronscan.org/#/transaction/'],
    ['two placeholders', 'https://tronscan.org/{hash}/{hash}'],
    ['not https', 'http://tronscan.org/#/transaction/{hash}'],
    ['a script', 'javascript:alert(1)//{hash}'],
    ['the hash in the host', 'https://{hash}.example.com/'],
    ['credentials', 'https://user:pw@tronscan.org/{hash}'],
    ['spaces', 'https://tronscan.org/ {hash}'],
    ['too long', `https://tronscan.org/${'a'.repeat(200)}/{hash}`],
    ['not text', 42],
  ])('refuses %s with a localised message and changes nothing', async (_name, value) => {
    const before = await settings();
    const auditsBefore = (await t.database.db.select().from(auditLog)).length;
    const en = await putWallet(value);
    expect(en.status).toBe(400);
    if (typeof value === 'string') {
      expect(en.data.fields.trc20ExplorerTxUrl).toBe(
        'Enter an https address with {hash} where the transaction id goes, or leave it empty',
      );
      const vn = await putWallet(value, 'vn');
      expect(vn.data.fields.trc20ExplorerTxUrl).toBe(
        'Nhập địa chỉ https có {hash} tại vị trí mã giao dịch, hoặc để trống',
      );
      const zn = await putWallet(value, 'zn');
      expect(zn.data.fields.trc20ExplorerTxUrl).toBe('請輸入 https 網址，並以 {hash} 標示交易哈希的位置，或留空');
    }
    expect(await settings()).toEqual(before);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditsBefore);
  });

  test('a new pattern is used for links; an empty one turns links off', async () => {
    expect((await putWallet('https://nile.tronscan.org/#/transaction/{hash}')).code).toBe(0);
    const u = await userWithAddress();
    const r = await post(
      '/api/wallet/trcWithdrawal',
      { amount: '100', walletId: u.walletId, payPassword: PAY },
      u.token,
    );
    await pay(r.data.id, HASH);
    expect((await listed(u.token, r.data.id)).payoutUrl).toBe(`https://nile.tronscan.org/#/transaction/${HASH}`);

    expect((await putWallet('')).code).toBe(0);
    expect(await listed(u.token, r.data.id)).toMatchObject({ payoutReference: HASH, payoutUrl: null });
    expect((await putWallet('https://tronscan.org/#/transaction/{hash}')).code).toBe(0);
  });
});
