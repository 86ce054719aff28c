import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, ownerToken } from './support/api.js';
import { baseUrl, LANGS, launch, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { E2E_OWNER } from './support/global-setup.js';

/** Every screen at 390x844 in the three languages, saved under artifacts/screens/<lang>/. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const SIGNED_OUT = ['/', '/login', '/reg', '/lang', '/hq', '/lc', '/kf', '/no-such-page'];
const SIGNED_IN = ['/', '/my', '/loginpassword', '/txpassword', '/resetTxpassword'];
/** Wallet screens, seen by a user with a verified identity, a card, money and some history. */
const WALLET = [
  '/wallet',
  '/recharge',
  '/recharge2',
  '/withdraw',
  '/bindBankCard',
  '/bindWallet',
  '/realname',
  '/runningwater',
  '/depositrecord',
  '/withdrawrecord',
];
const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1));

/** Texts that prove a screen is in the expected language (tab bar or titles). */
const MARKERS = { en: 'Mine', vn: 'Của tôi', zn: '我的' } as const;

for (const lang of LANGS) {
  test(`screens in ${lang}`, async () => {
    const signedOut = await phoneContext(browser, lang);
    const page = await signedOut.newPage();
    for (const path of SIGNED_OUT) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await screenshot(page, lang, `${fileName(path)}-signed-out`);
    }
    await page.goto('/');
    await expect.poll(() => page.locator('body').innerText()).toContain(MARKERS[lang]);
    await signedOut.close();

    const signedIn = await phoneContext(browser, lang);
    const account = await signInViaApi(signedIn);
    const fundedUser = async (_context: unknown) => fund(account.token, account.username);
    const userPage = await signedIn.newPage();
    for (const path of SIGNED_IN) {
      await userPage.goto(path);
      await userPage.waitForLoadState('networkidle');
      expect(new URL(userPage.url()).pathname).toBe(path);
      await screenshot(userPage, lang, fileName(path));
    }
    await fundedUser(signedIn);
    for (const path of WALLET) {
      await userPage.goto(path);
      await userPage.waitForLoadState('networkidle');
      await screenshot(userPage, lang, `wallet-${fileName(path)}`);
    }
    // A form with its validation messages showing.
    await userPage.goto('/loginpassword');
    await userPage.locator('button[type=submit]').click();
    await screenshot(userPage, lang, 'loginpassword-errors');
    await signedIn.close();
  });
}

test('back-office screens', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/admin/');
  await screenshot(page, 'admin', 'login');
  await page.getByLabel('Username').fill(E2E_OWNER.username);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.ant-table-row').first().waitFor();
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await screenshot(page, 'admin', 'users');
  for (const [name, label] of [
    ['admins', 'Admins'],
    ['audit', 'Audit log'],
  ] as const) {
    await page.locator('.ant-menu').getByText(label).click();
    await page.locator('.ant-table-row').first().waitFor();
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'admin', name);
  }
  await context.close();
});

/** Gives the user a payment password, a card, an address, a confirmed deposit and a pending withdrawal, via the API. */
async function fund(token: string, username: string) {
  const owner = await ownerToken();
  const pay = '135790';
  const details = await api<{ id: string }>('POST', '/api/user/details', {}, token);
  await api('POST', '/api/user/reset_paypwd', { password: 'e2e-password-1', newPayPassword: pay }, token);
  await api('POST', '/api/admin/banks', { name: 'ACB', enabled: true, sort: 2 }, owner).catch(() => {});
  await api(
    'POST',
    '/api/user/save_bank',
    {
      bankName: 'ACB',
      holderName: 'Test User',
      cardNumber: '9704000011112222',
      branch: 'District 1',
      city: 'HCMC',
      province: 'HCMC',
      payPassword: pay,
    },
    token,
  );
  await api(
    'POST',
    '/api/user/save_wallet',
    { address: tronAddressFromBytes(randomBytes(20)), label: 'exchange', payPassword: pay },
    token,
  );
  await api('POST', '/api/admin/deposit-addresses/import', { addresses: tronAddressFromBytes(randomBytes(20)) }, owner);
  const deposit = await api<{ id: string }>(
    'POST',
    '/api/wallet/submit',
    { method: 'trc20', amount: '1250.5', txHash: randomBytes(32).toString('hex') },
    token,
  );
  await api('POST', `/api/admin/deposits/${deposit.id}/confirm`, {}, owner);
  await api(
    'POST',
    '/api/wallet/submit',
    { method: 'trc20', amount: '300', txHash: randomBytes(32).toString('hex') },
    token,
  );
  await api(
    'POST',
    '/api/admin/adjustments',
    { userId: details.id, direction: 'credit', amount: '5', reason: 'Welcome bonus' },
    owner,
  );
  await verifyIdentity(token, owner, username);
  await api('POST', '/api/wallet/bankWithdrawal', { amount: '200', payPassword: pay }, token);
}

/** Submits identity documents and has the owner approve them, through the API. */
async function verifyIdentity(token: string, owner: string, username: string) {
  const form = new FormData();
  form.append('realName', 'Test User');
  form.append('idNumber', 'B7654321');
  for (const side of ['front', 'back'] as const) {
    form.append(
      side,
      new Blob([readFileSync(path.resolve(`e2e/fixtures/id-${side}.png`))], { type: 'image/png' }),
      `${side}.png`,
    );
  }
  const submitted = await fetch(`${baseUrl()}/api/user/bind_idcard`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if ((await submitted.json()).code !== 0) throw new Error('KYC submission failed');
  const queue = await api<{ list: Array<{ id: string; username: string }> }>(
    'GET',
    '/api/admin/kyc?status=pending&pageSize=100',
    undefined,
    owner,
  );
  const mine = queue.list.find((item) => item.username === username);
  if (!mine) throw new Error('KYC submission not in the queue');
  await api('POST', `/api/admin/kyc/${mine.id}/approve`, {}, owner);
}
