import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, bindCard, ownerToken, verifyIdentity } from './support/api.js';
import { DESKTOP, LANGS, type Lang, screenshot, signInViaApi } from './support/browser.js';
import { expect, signInToBackOffice, test } from './support/fixtures.js';
import { num, t } from './support/messages.js';
import { E2E_OWNER } from './support/server.js';
import { title } from './support/ui.js';

/** Every screen at 390x844 in the three languages, saved under artifacts/screens/<lang>/. */

/** A screen, and what it must show: its title in the language, and for some, the user's data. */
type Screen = {
  path: string;
  title: (lang: Lang, username: string) => string;
  shows?: (page: Page, lang: Lang) => Locator[];
};

const screen = (path: string, key: string, shows?: Screen['shows']): Screen => ({
  path,
  title: (lang) => t(lang, key),
  shows,
});

/** Seeded product names in each language (the server's catalogue and migration 0016). */
const APPLE: Record<Lang, string> = { en: 'Apple', vn: 'Apple', zn: '蘋果' };
const GOLD: Record<Lang, string> = { en: 'Gold', vn: 'Vàng', zn: '黃金' };
const STEADY: Record<Lang, string> = { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7天穩健' };
const productRow = (page: Page, symbol: string) => page.getByRole('link', { name: new RegExp(`^${symbol}`) });

const SIGNED_OUT: Screen[] = [
  screen('/', 'home.signedOutTitle'),
  screen('/login', 'login.title'),
  screen('/reg', 'register.title'),
  screen('/lang', 'lang.title'),
  screen('/hq', 'markets.title', (page, lang) => [productRow(page, 'AAPL').getByText(APPLE[lang], { exact: true })]),
  screen('/lc', 'wealth.title', (page, lang) => [page.getByRole('heading', { name: STEADY[lang], exact: true })]),
  screen('/kf', 'support.title'),
  screen('/no-such-page', 'notFound.title'),
];
const SIGNED_IN: Screen[] = [
  { path: '/', title: (lang, username) => t(lang, 'home.greeting', { name: username }) },
  { path: '/my', title: (_, username) => username },
  screen('/loginpassword', 'password.title'),
  screen('/txpassword', 'payPassword.setTitle'),
  screen('/resetTxpassword', 'payPassword.changeTitle'),
  screen('/twofactor', 'twoFactor.title'),
];
/** Wallet screens, seen by a user with a verified identity, a card, money and some history (see `fund`). */
const WALLET: Screen[] = [
  // Total assets: 1250.5 deposited + 5 credited (200 of it frozen by the withdrawal).
  screen('/wallet', 'wallet.title', (page, lang) => [page.getByText(num(lang, '1,255.5'), { exact: true })]),
  screen('/recharge', 'deposit.title', (page, lang) => [page.getByText(num(lang, '1,000'), { exact: true })]),
  screen('/recharge2', 'deposit.addressTitle', (page) => [page.getByText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)]),
  screen('/withdraw', 'withdraw.title', (page) => [page.getByText(/\*{4} 2222$/).first()]),
  screen('/bindBankCard', 'bankCard.title', (page) => [page.getByText(/\*{4} 2222$/).first()]),
  screen('/bindWallet', 'address.title', (page) => [page.getByText('exchange', { exact: true })]),
  screen('/realname', 'identity.title', (page) => [page.getByText('B7****21', { exact: true })]),
  screen('/runningwater', 'water.title', (page, lang) => [page.getByText(num(lang, '+1,250.5'), { exact: true })]),
  screen('/depositrecord', 'deposit.recordsTitle', (page, lang) => [
    page.getByText(num(lang, '1,250.5'), { exact: true }),
  ]),
  screen('/withdrawrecord', 'withdraw.recordsTitle', (page) => [page.getByText('200', { exact: true })]),
];
const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1));

/** Opens each screen and saves it once it shows its title (and whatever else it must). */
async function visit(page: Page, lang: Lang, username: string, screens: Screen[], prefix = '', suffix = '') {
  for (const { path, title: titleOf, shows } of screens) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await screenshot(page, lang, `${prefix}${fileName(path)}${suffix}`, [
      title(page, titleOf(lang, username)),
      ...(shows?.(page, lang) ?? []),
    ]);
    await expectZoomFriendly(page, path);
  }
}

/**
 * Pinch zoom stays on (WCAG 1.4.4), and no field makes a phone zoom in when it takes the focus: iOS
 * does that for text under 16 px, which shifts the whole layout.
 */
async function expectZoomFriendly(page: Page, path: string) {
  const viewport = await page.locator('meta[name=viewport]').getAttribute('content');
  expect(viewport, path).not.toMatch(/maximum-scale|user-scalable\s*=\s*(no|0)/);
  const smallFields = await page.evaluate(() =>
    [...document.querySelectorAll('input, textarea, select')]
      .filter((field) => !['hidden', 'checkbox', 'radio', 'file'].includes((field as HTMLInputElement).type))
      .filter((field) => Number.parseFloat(getComputedStyle(field).fontSize) < 16)
      .map((field) => `${field.tagName.toLowerCase()}.${field.className} ${getComputedStyle(field).fontSize}`),
  );
  expect(smallFields, path).toEqual([]);
}

/** Where each language's phone is: times are shown in the phone's zone, and the zone is named. */
const PHONE_ZONES = {
  en: { timezoneId: 'America/New_York', name: 'UTC-5' },
  vn: { timezoneId: 'Asia/Ho_Chi_Minh', name: 'UTC+7' },
  zn: { timezoneId: 'Asia/Taipei', name: 'UTC+8' },
} as const;

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang, timezoneId: PHONE_ZONES[lang].timezoneId });

    test(`screens in ${lang}`, async ({ page, newPhone }) => {
      await visit(page, lang, '', SIGNED_OUT, '', '-signed-out');
      // Product names in the language, and no other language's name beside them.
      await page.goto('/hq?category=metal');
      await screenshot(page, lang, 'hq-metals-signed-out', [
        title(page, t(lang, 'markets.title')),
        productRow(page, 'XAUUSD').getByText(GOLD[lang], { exact: true }),
      ]);
      for (const other of LANGS.filter((name) => GOLD[name] !== GOLD[lang])) {
        await expect(productRow(page, 'XAUUSD').getByText(GOLD[other], { exact: true })).toHaveCount(0);
      }
      // The tab bar proves the language too.
      await page.goto('/');
      await expect(page.locator('.tabbar')).toContainText(t(lang, 'nav.mine'));
      // The chart's times are the phone's, and it says so.
      await page.goto('/xq?symbol=XAUUSD');
      await expect(page.locator('.chart__zone')).toHaveText(PHONE_ZONES[lang].name);

      const signedIn = await newPhone(lang);
      const account = await signInViaApi(signedIn);
      const userPage = await signedIn.newPage();
      await visit(userPage, lang, account.username, SIGNED_IN);
      await fund(account.token, account.username);
      await visit(userPage, lang, account.username, WALLET, 'wallet-');

      // A form with its validation messages showing.
      await userPage.goto('/loginpassword');
      await userPage.locator('button[type=submit]').click();
      await screenshot(userPage, lang, 'loginpassword-errors', [
        title(userPage, t(lang, 'password.title')),
        userPage.locator('.field__error').first(),
      ]);
    });
  });
}

test('back-office screens', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL });
  const page = await context.newPage();
  await page.goto('/admin/');
  await screenshot(page, 'admin', 'login', [
    page.getByText('Back office sign in'),
    page.getByRole('button', { name: 'Sign in' }),
  ]);
  await signInToBackOffice(page, E2E_OWNER);
  await screenshot(page, 'admin', 'users', [
    page.getByRole('heading', { name: 'Users', exact: true }),
    page.locator('.ant-table-row').first(),
  ]);
  for (const [name, label] of [
    ['admins', 'Admins'],
    ['audit', 'Audit log'],
  ] as const) {
    await page.locator('.ant-menu').getByText(label).click();
    await screenshot(page, 'admin', name, [
      page.getByRole('heading', { name: label, exact: true }),
      page.locator('.ant-table-row').first(),
    ]);
  }
  // The product editors, with the name in three languages (English required, the others optional).
  await page.locator('.ant-menu').getByText('Products').click();
  await page.getByRole('button', { name: 'Edit XAUUSD' }).click();
  await screenshot(page, 'admin', 'product-edit', [
    page.getByRole('dialog', { name: 'Edit XAUUSD' }),
    page.getByLabel('Name (繁體中文)').and(page.locator('[value="黃金"]')),
  ]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.locator('.ant-menu').getByText('Locked deposits').click();
  await page.getByRole('button', { name: 'Edit USDT 7-Day Steady' }).click();
  await screenshot(page, 'admin', 'earn-product-edit', [
    page.getByRole('dialog', { name: 'Edit USDT 7-Day Steady' }),
    page.getByLabel('Name (Tiếng Việt)').and(page.locator('[value="USDT 7 ngày ổn định"]')),
  ]);
  await context.close();
});

/** Gives the user a payment password, a card, an address, a confirmed deposit and a pending withdrawal, via the API. */
async function fund(token: string, username: string) {
  const owner = await ownerToken();
  const pay = '135790';
  const details = await api<{ id: string }>('POST', '/api/user/details', {}, token);
  await api('POST', '/api/user/reset_paypwd', { password: 'e2e-password-1', newPayPassword: pay }, token);
  await api('POST', '/api/admin/banks', { name: 'ACB', enabled: true, sort: 2 }, owner).catch(() => {});
  await bindCard(token, pay, {
    bankName: 'ACB',
    holderName: 'Test User',
    cardNumber: '9704000011112222',
    branch: 'District 1',
    city: 'HCMC',
    province: 'HCMC',
  });
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
