import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertWealthProduct } from './modules/earn/wealth.test-support.js';
import { fundUsers } from './modules/orders/orders.test-support.js';
import { newTronAddress, PAY, walletUser } from './modules/wallet/wallet.test-support.js';
import { adminWithRole } from './test/admins.js';
import { call, createTestApp, type TestApp } from './test/test-app.js';

/**
 * A client written from the product specification alone (sections 3, 6 and 7), as its reference
 * mobile client calls: `axios.post(url)` with no body when a call has no parameters, the token in the
 * Authorization header, Accept-Language from the stored `lang` (or none: zn), and the withdrawal and
 * DeFi payloads carrying `paymethod` and a blanked `Authorization`. Every call of section 7 is here.
 */

let t: TestApp;
let user: Awaited<ReturnType<typeof walletUser>>;
let walletId: string;
let wealthProductId: number;

beforeAll(async () => {
  t = await createTestApp();
  const finance = await adminWithRole(t, 'finance');
  user = await walletUser(t, { kyc: true, card: true });
  await fundUsers(t.database.db, [user.userId], 5_000_000_000n, 'spec-client');
  const address = await call(
    t.app,
    'POST',
    '/api/user/save_wallet',
    { address: newTronAddress(), payPassword: PAY },
    {
      token: user.token,
    },
  );
  expect(address.code).toBe(0);
  walletId = address.data.id;
  const pool = await call(
    t.app,
    'POST',
    '/api/admin/deposit-addresses/import',
    { addresses: `${newTronAddress()}\n${newTronAddress()}` },
    { token: finance.token },
  );
  expect(pool.code).toBe(0);
  wealthProductId = (await insertWealthProduct(t)).id;
});
afterAll(async () => t.close());

const LANGS = [
  { header: 'en', ok: 'Success' },
  { header: 'vn', ok: 'Thành công' },
  { header: 'zn', ok: '成功' },
  { header: undefined, ok: '成功' },
] as const;

/** The two ways a client posts "nothing": no body at all, or a JSON Content-Type with an empty body. */
const BODYLESS = [
  { name: 'no body, no Content-Type', headers: {} },
  { name: 'JSON Content-Type, empty body', headers: { 'content-type': 'application/json' } },
] as const;

async function raw(
  method: 'GET' | 'POST',
  url: string,
  options: { lang?: string; token?: string; headers?: Record<string, string>; payload?: string } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request: InjectOptions = { method, url, headers };
  if (options.payload !== undefined) request.payload = options.payload;
  const response = await t.app.inject(request);
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
  return { status: response.statusCode, ...(JSON.parse(response.body) as { code: number; msg: string; data: any }) };
}

/** Section 7's calls whose parameters are all optional: bodyless is `{}`. */
const NO_REQUIRED_PARAMS: Array<{ path: string; signedIn: boolean }> = [
  { path: '/api/common/config', signedIn: false },
  { path: '/api/common/banks', signedIn: false },
  { path: '/api/product/list', signedIn: false },
  { path: '/api/wealth/getList', signedIn: false },
  { path: '/api/user/details', signedIn: true },
  { path: '/api/user/balance_list', signedIn: true },
  { path: '/api/user/getUserWallets', signedIn: true },
  { path: '/api/user/invite', signedIn: true },
  { path: '/api/user/water', signedIn: true },
  { path: '/api/user/deposit', signedIn: true },
  { path: '/api/wallet/getRechargeAddress', signedIn: true },
  { path: '/api/wealth/orders', signedIn: true },
  { path: '/api/order/hold_list', signedIn: true },
  { path: '/api/order/list', signedIn: true },
  { path: '/api/Defi/myOrder', signedIn: true },
];

describe('a POST without a body is {}', () => {
  for (const { path, signedIn } of NO_REQUIRED_PARAMS) {
    test(`${path}: answers bodyless exactly as it answers {}, in every language`, async () => {
      const token = signedIn ? user.token : undefined;
      for (const lang of LANGS) {
        const withEmptyObject = await raw('POST', path, {
          lang: lang.header,
          token,
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(withEmptyObject.code, `${path} {} ${lang.header}`).toBe(0);
        expect(withEmptyObject.msg).toBe(lang.ok);
        for (const bodyless of BODYLESS) {
          const r = await raw('POST', path, { lang: lang.header, token, headers: bodyless.headers });
          expect({ status: r.status, code: r.code, msg: r.msg }, `${path}: ${bodyless.name}`).toEqual({
            status: 200,
            code: 0,
            msg: lang.ok,
          });
          expect(r.data).toEqual(withEmptyObject.data);
        }
      }
    });
  }

  test('common/config: data.web_name, also with the Accept-Language the client stores under en', async () => {
    const r = await raw('POST', '/api/common/config', { lang: 'en' });
    expect(r.data.web_name).toBe('Vela');
  });

  test('user/logout: bodyless, and the token is over', async () => {
    const other = await walletUser(t);
    for (const bodyless of BODYLESS) {
      const session = await call(t.app, 'POST', '/api/user/login', {
        username: other.username,
        password: other.password,
      });
      const r = await raw('POST', '/api/user/logout', { token: session.data.token, headers: bodyless.headers });
      expect(r.code).toBe(0);
      expect((await raw('POST', '/api/user/details', { token: session.data.token })).status).toBe(401);
    }
  });
});

/** Section 7's calls with required parameters: bodyless names them in the usual field errors. */
const REQUIRED_PARAMS: Array<{ path: string; signedIn: boolean; fields: string[] }> = [
  { path: '/api/user/register', signedIn: false, fields: ['username', 'phone', 'password'] },
  { path: '/api/user/login', signedIn: false, fields: ['username', 'password'] },
  { path: '/api/user/save_bank', signedIn: true, fields: ['bankName', 'holderName', 'cardNumber', 'payPassword'] },
  { path: '/api/user/bind_idcard', signedIn: true, fields: ['realName', 'idNumber', 'front', 'back'] },
  { path: '/api/user/reset_pwd', signedIn: true, fields: ['oldPassword', 'newPassword'] },
  { path: '/api/user/reset_paypwd', signedIn: true, fields: ['password', 'newPayPassword'] },
  { path: '/api/wallet/bankWithdrawal', signedIn: true, fields: ['amount', 'payPassword'] },
  { path: '/api/wallet/trcWithdrawal', signedIn: true, fields: ['amount', 'payPassword', 'walletId'] },
  { path: '/api/wallet/submit', signedIn: true, fields: ['method', 'amount'] },
  { path: '/api/wealth/buy', signedIn: true, fields: ['productId', 'amount'] },
  { path: '/api/wealth/submit', signedIn: true, fields: ['productId', 'amount', 'payPassword'] },
  { path: '/api/Defi/orderMoney', signedIn: true, fields: ['action', 'amount', 'payPassword'] },
  { path: '/api/order/create', signedIn: true, fields: ['symbol', 'direction', 'amount', 'period'] },
  { path: '/api/product/details', signedIn: false, fields: ['symbol'] },
  { path: '/api/product/trunover', signedIn: false, fields: ['symbol'] },
  { path: '/api/product/kdata', signedIn: false, fields: ['symbol'] },
  { path: '/api/product/orders', signedIn: true, fields: ['symbol'] },
];

const FIELDS_MSG = {
  en: 'Please check the highlighted fields',
  vn: 'Vui lòng kiểm tra các trường được đánh dấu',
  zn: '請檢查標示的欄位',
} as const;

describe('a bodyless POST to a call with required parameters', () => {
  for (const { path, signedIn, fields } of REQUIRED_PARAMS) {
    test(`${path}: field errors naming ${fields.join(', ')}`, async () => {
      for (const lang of LANGS) {
        for (const bodyless of BODYLESS) {
          const r = await raw('POST', path, {
            lang: lang.header,
            token: signedIn ? user.token : undefined,
            headers: bodyless.headers,
          });
          expect({ status: r.status, code: r.code }, `${path}: ${bodyless.name}`).toEqual({ status: 400, code: 1001 });
          for (const field of fields) expect(Object.keys(r.data.fields)).toContain(field);
          const messages = Object.values(r.data.fields);
          expect(r.msg).toBe(messages.length === 1 ? messages[0] : FIELDS_MSG[lang.header ?? 'zn']);
        }
      }
    });
  }
});

describe('GET calls', () => {
  test('user/idcard, common/notice and wealth/details answer in the envelope', async () => {
    const idcard = await raw('GET', '/api/user/idcard', { token: user.token, lang: 'en' });
    expect(idcard.code).toBe(0);
    expect(idcard.data.status).toBe('approved');
    const notice = await raw('GET', '/api/common/notice', { lang: 'vn' });
    expect(notice.code).toBe(0);
    expect(notice.msg).toBe('Thành công');
    const details = await raw('GET', `/api/wealth/details?id=${wealthProductId}`);
    expect(details.code).toBe(0);
    expect(details.msg).toBe('成功');
  });
});

describe("the specification's payload conventions", () => {
  test('wallet/bankWithdrawal with paymethod "bank" and a blanked Authorization', async () => {
    const r = await call(
      t.app,
      'POST',
      '/api/wallet/bankWithdrawal',
      { amount: '100', payPassword: PAY, paymethod: 'bank', Authorization: '' },
      { token: user.token, lang: 'en' },
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ method: 'bank', amount: '100' });
  });

  test('wallet/trcWithdrawal with another paymethod and a blanked Authorization', async () => {
    const r = await call(
      t.app,
      'POST',
      '/api/wallet/trcWithdrawal',
      { amount: '50', walletId, payPassword: PAY, paymethod: 'trc20', Authorization: '' },
      { token: user.token },
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ method: 'trc20', amount: '50' });
  });

  test('a token in the body never authenticates: the header is the only credential', async () => {
    for (const path of ['/api/wallet/bankWithdrawal', '/api/Defi/myOrder', '/api/Defi/orderMoney']) {
      const r = await call(
        t.app,
        'POST',
        path,
        { amount: '10', payPassword: PAY, paymethod: 'bank', action: 'subscribe', Authorization: user.token },
        { lang: 'en' },
      );
      expect(r.status, path).toBe(401);
      expect(r.msg).toBe('Please log in first');
    }
  });

  test('a withdrawal without a bound card: the specification’s words, in msg', async () => {
    const noCard = await walletUser(t, { kyc: true });
    await fundUsers(t.database.db, [noCard.userId], 1_000_000_000n, 'spec-client-no-card');
    const r = await call(
      t.app,
      'POST',
      '/api/wallet/bankWithdrawal',
      { amount: '100', payPassword: PAY, paymethod: 'bank', Authorization: '' },
      { token: noCard.token, lang: 'en' },
    );
    expect(r.status).toBe(422);
    expect(r.msg).toBe('Unknown Bank Card, Please Enter The Bank Card First!');
  });

  test('Defi/orderMoney and Defi/myOrder with a blanked Authorization', async () => {
    const money = await call(
      t.app,
      'POST',
      '/api/Defi/orderMoney',
      { action: 'subscribe', amount: '20', payPassword: PAY, Authorization: '' },
      { token: user.token },
    );
    expect(money.code).toBe(0);
    const mine = await call(t.app, 'POST', '/api/Defi/myOrder', { Authorization: '' }, { token: user.token });
    expect(mine.code).toBe(0);
    expect(mine.data.held).toBe('20');
  });

  test('other calls: wealth/buy, wealth/submit, wallet/submit, save_bank, reset_paypwd, reset_pwd', async () => {
    const quote = await call(
      t.app,
      'POST',
      '/api/wealth/buy',
      { productId: String(wealthProductId), amount: '100' },
      {
        token: user.token,
      },
    );
    expect(quote.code).toBe(0);
    const bought = await call(
      t.app,
      'POST',
      '/api/wealth/submit',
      { productId: String(wealthProductId), amount: '100', payPassword: PAY },
      { token: user.token },
    );
    expect(bought.code).toBe(0);
    const deposit = await call(
      t.app,
      'POST',
      '/api/wallet/submit',
      { method: 'trc20', amount: '30', txHash: 'a'.repeat(64) },
      {
        token: user.token,
      },
    );
    expect(deposit.code).toBe(0);
  });
});

describe('one bad field: its message is the envelope’s msg', () => {
  test.each([
    ['en', 'Incorrect Amount'],
    ['vn', 'Số tiền không đúng'],
    ['zn', '金額不正確'],
  ])('%s', async (lang, message) => {
    const r = await call(
      t.app,
      'POST',
      '/api/wallet/bankWithdrawal',
      { amount: '1.1234567', payPassword: PAY, paymethod: 'bank', Authorization: '' },
      { token: user.token, lang },
    );
    expect(r.status).toBe(400);
    expect(r.msg).toBe(message);
    expect(r.data.fields).toEqual({ amount: message });
  });

  test('several bad fields keep the general message', async () => {
    const r = await call(
      t.app,
      'POST',
      '/api/wallet/bankWithdrawal',
      { amount: 'x', payPassword: '1' },
      {
        token: user.token,
        lang: 'en',
      },
    );
    expect(r.msg).toBe('Please check the highlighted fields');
    expect(Object.keys(r.data.fields).sort()).toEqual(['amount', 'payPassword']);
  });
});
