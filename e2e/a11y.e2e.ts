import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, fund, ownerToken } from './support/api.js';
import { DESKTOP, LANGS, type Lang, signInViaApi } from './support/browser.js';
import { expect, signInToBackOffice, test } from './support/fixtures.js';
import { E2E_OWNER } from './support/server.js';

/**
 * WCAG 2.2 AA on every screen of the user app, signed out and signed in, in the three languages:
 * axe-core's serious and critical findings, and touch targets of at least 44×44 px (the app's own
 * rule for a phone, stricter than WCAG's 24 px). All findings of a run are listed together, one a
 * line, so that one run shows everything there is to fix.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PAY = '246810';
/** What the apps show while something loads (as in support/browser.ts). */
const LOADING = '[aria-busy="true"], .skeleton, .spinner, .ant-skeleton, .ant-spin-spinning';

type Ids = { wealthProductId: string; noticeId: string; orderId: string };

const signedOutScreens = (ids: Ids) => [
  '/',
  '/login',
  '/reg',
  '/lang',
  '/hq',
  '/xq?symbol=BTCUSDT',
  '/lc',
  `/lcdetail?id=${ids.wealthProductId}`,
  '/kf',
  '/bz',
  '/bz2?slug=risk-disclosure',
  '/notice',
  `/noticedetail?id=${ids.noticeId}`,
  '/fair',
  '/no-such-page',
];
const signedInScreens = (ids: Ids) => [
  '/',
  '/my',
  '/loginpassword',
  '/resetTxpassword',
  '/twofactor',
  '/passkeys',
  '/wallet',
  '/recharge',
  '/recharge2',
  '/depositrecord',
  '/withdraw',
  '/withdrawrecord',
  '/bindBankCard',
  '/bindWallet',
  '/runningwater',
  '/liabilities',
  '/realname',
  '/hq',
  '/xq?symbol=XAUUSD',
  '/trade?symbol=XAUUSD&direction=up',
  '/orderrecord',
  '/record',
  `/orderdetail?id=${ids.orderId}`,
  `/fairverify?order=${ids.orderId}`,
  '/lc',
  `/lcdetail?id=${ids.wealthProductId}`,
  '/lcorders',
  '/revenue',
  '/defi',
  '/yqhy',
  '/pricealerts',
  '/kf',
];

/** Content every screen can link to: a published announcement; ids of a wealth product. */
async function sharedContent(): Promise<Omit<Ids, 'orderId'>> {
  const owner = await ownerToken();
  const text = { en: 'Maintenance window', vn: 'Thời gian bảo trì', zn: '維護時段' };
  const body = { en: 'Deposits pause briefly.', vn: 'Nạp tiền tạm dừng.', zn: '充值暫停片刻。' };
  const notice = await api<{ id: string }>('POST', '/api/admin/notices', { title: text, body, published: true }, owner);
  const products = await api<Array<{ id: string }>>('POST', '/api/wealth/getList', {});
  return { wealthProductId: products[0]!.id, noticeId: notice.id };
}

/** A user with money, a payment password, a deposit address, an order, a locked and a flexible deposit. */
async function busyUser(context: BrowserContext) {
  const account = await signInViaApi(context);
  const token = account.token;
  const owner = await ownerToken();
  await api('POST', '/api/user/reset_paypwd', { password: account.password, newPayPassword: PAY }, token);
  await fund(token, '5000');
  await api('POST', '/api/admin/deposit-addresses/import', { addresses: tronAddressFromBytes(randomBytes(20)) }, owner);
  await api(
    'POST',
    '/api/wallet/submit',
    { method: 'trc20', amount: '300', txHash: randomBytes(32).toString('hex') },
    token,
  );
  const products = await api<Array<{ id: string }>>('POST', '/api/wealth/getList', {});
  await api('POST', '/api/wealth/submit', { productId: products[0]!.id, amount: '1000', payPassword: PAY }, token);
  await api('POST', '/api/Defi/orderMoney', { action: 'subscribe', amount: '250', payPassword: PAY }, token);
  const order = await api<{ id: string }>(
    'POST',
    '/api/order/create',
    { symbol: 'XAUUSD', direction: 'up', amount: '100', period: 30 },
    token,
  );
  return { ...account, orderId: order.id };
}

type Finding = { screen: string; rule: string; impact: string; help: string; targets: string[] };

/** Waits until the screen has its heading and has finished loading. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator(LOADING).filter({ visible: true }), 'still loading').toHaveCount(0);
}

/** axe-core's serious and critical findings on what the page shows now. */
async function axeFindings(page: Page, screen: string): Promise<Finding[]> {
  // Violations only: collecting the passes as well doubles axe's time on a busy machine.
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => {
        const why = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? '';
        return `${node.target.join(' ')}${why ? ` (${why})` : ''}`;
      }),
    }));
}

/**
 * Controls a finger must hit that are smaller than 44×44 px. Links inside running text are exempt
 * (WCAG 2.5.8's inline exception), as are fields (their row is the target) and hidden natives.
 */
async function smallTargets(page: Page, screen: string): Promise<Finding[]> {
  const small = await page.evaluate(() => {
    const selector =
      'a[href], button, [role=button], [role=tab], [role=link], [role=checkbox], [role=radio], [role=switch], [role=option], .adm-selector-item';
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.opacity === '0') continue;
      if (element.closest('[aria-hidden=true], [inert]')) continue;
      if (style.display === 'inline' && element.closest('p, li, .content-body')) continue;
      // A control inside a bigger control is one target (the bigger one is checked on its own).
      if (element.parentElement?.closest(selector)) continue;
      if (box.width >= 43.5 && box.height >= 43.5) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
      const cls = typeof element.className === 'string' ? element.className.split(' ').filter(Boolean).join('.') : '';
      found.push(
        `${element.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return found;
  });
  return small.length === 0
    ? []
    : [{ screen, rule: 'touch-target-44', impact: 'serious', help: 'Touch target under 44×44 px', targets: small }];
}

/** Opens a screen and checks it; what it finds fails the test at the end, and is listed at once. */
async function check(page: Page, lang: Lang, label: string, path: string): Promise<Finding[]> {
  await page.goto(path);
  await settle(page);
  const screen = `${lang} ${label} ${path}`;
  const findings = [...(await axeFindings(page, screen)), ...(await smallTargets(page, screen))];
  expect.soft(findings, report(findings)).toEqual([]);
  return findings;
}

/**
 * Checks the screens on two pages of the same phone at once, each taking every other screen: axe
 * spends most of its time in the page's own renderer, so two pages use both cores (a third only waits).
 */
async function checkAll(pages: [Page, Page], lang: Lang, label: string, paths: string[]): Promise<Finding[]> {
  const lanes = pages.map(async (page, lane) => {
    const found: Finding[] = [];
    for (const path of paths.filter((_, index) => index % pages.length === lane)) {
      found.push(...(await check(page, lang, label, path)));
    }
    return found;
  });
  return (await Promise.all(lanes)).flat();
}

function report(findings: Finding[]): string {
  const nodes = findings.reduce((sum, finding) => sum + finding.targets.length, 0);
  const lines = findings.flatMap((finding) => [
    `${finding.screen}: ${finding.rule} [${finding.impact}] ${finding.help} (${finding.targets.length})`,
    ...finding.targets.map((target) => `    ${target}`),
  ]);
  return `${findings.length} findings, ${nodes} elements\n${lines.join('\n')}`;
}

let ids: Omit<Ids, 'orderId'>;
test.beforeAll(async () => {
  ids = await sharedContent();
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`every user screen meets WCAG 2.2 AA in ${lang}`, async ({ page, newPhone }) => {
      // About forty screens, each read whole by axe: longer than a journey.
      test.setTimeout(300_000);
      const findings: Finding[] = [];
      const signedOutPages: [Page, Page] = [page, await page.context().newPage()];
      findings.push(...(await checkAll(signedOutPages, lang, 'signed out', signedOutScreens({ ...ids, orderId: '' }))));
      const signedIn = await newPhone(lang);
      const user = await busyUser(signedIn);
      const userPages: [Page, Page] = [await signedIn.newPage(), await signedIn.newPage()];
      findings.push(
        ...(await checkAll(userPages, lang, 'signed in', signedInScreens({ ...ids, orderId: user.orderId }))),
      );
      // A new user: the payment password's first setting.
      const fresh = await newPhone(lang);
      await signInViaApi(fresh);
      findings.push(...(await check(await fresh.newPage(), lang, 'new user', '/txpassword')));
      expect(findings.length, `findings in ${lang} (listed above)`).toBe(0);
    });
  });
}

test('the main back-office screens meet WCAG 2.2 AA', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL });
  const page = await context.newPage();
  const findings: Finding[] = [];
  await page.goto('/admin/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  findings.push(...(await axeFindings(page, 'admin /admin/login')));
  await signInToBackOffice(page, E2E_OWNER);
  for (const path of ['/admin/users', '/admin/deposits', '/admin/withdrawals', '/admin/orders', '/admin/products']) {
    await page.goto(path);
    await expect(page.locator('.ant-table').first()).toBeVisible();
    await expect(page.locator(LOADING).filter({ visible: true })).toHaveCount(0);
    findings.push(...(await axeFindings(page, `admin ${path}`)));
  }
  await context.close();
  expect(findings, report(findings)).toEqual([]);
});
