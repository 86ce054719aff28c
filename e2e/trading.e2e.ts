import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, ownerToken } from './support/api.js';
import { baseUrl, LANGS, launch, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { bodyText, expectToast } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** A signed-in user whose deposit an operator confirmed (set-up through the API). */
async function fundedTrader(lang: (typeof LANGS)[number]) {
  const context = await phoneContext(browser, lang);
  const account = await signInViaApi(context);
  const owner = await ownerToken();
  const deposit = await api<{ id: string }>(
    'POST',
    '/api/wallet/submit',
    { method: 'bank', amount: '1000' },
    account.token,
  );
  await api('POST', `/api/admin/deposits/${deposit.id}/confirm`, {}, owner);
  return { context, account };
}

test('markets → chart → buy rise for the shortest period → countdown → result; balance and record match', async () => {
  const { context, account } = await fundedTrader('en');
  const page = await context.newPage();

  await page.goto('/hq');
  await expect.poll(() => bodyText(page)).toContain('Simulated prices');
  await page.getByText('Crypto', { exact: true }).first().click();
  await page.getByText('BTCUSDT').first().click();
  await page.waitForURL('**/xq?symbol=BTCUSDT');
  // The chart draws: lightweight-charts renders into canvases.
  await page.locator('canvas').first().waitFor();
  await expect.poll(async () => (await page.locator('canvas').count()) > 0).toBe(true);
  await screenshot(page, 'journey', '20-xq');

  await page.getByText('Buy rise').first().click();
  await page.waitForURL('**/trade**');
  await page.getByText('30 s', { exact: true }).first().click();
  await page.getByPlaceholder('Enter the amount').fill('100');
  await expect.poll(() => bodyText(page)).toContain('185'); // payout if it wins: 100 × 1.85
  await page.getByRole('button', { name: 'Confirm order' }).click();
  // The risk disclosure comes before a user's first order; accepting it places the order.
  const accept = page.getByRole('button', { name: 'I understand and accept' });
  await accept.waitFor({ timeout: 5_000 });
  await screenshot(page, 'journey', '21-risk-disclosure');
  await accept.click();
  await expectToast(page, 'successfully ordered');
  await page.waitForURL('**/orderdetail**');
  const orderId = new URL(page.url()).searchParams.get('id')!;
  await screenshot(page, 'journey', '21-position');

  const afterOrder = await api<{ available: string; trading: string }>(
    'POST',
    '/api/user/balance_list',
    {},
    account.token,
  );
  expect(afterOrder).toMatchObject({ available: '899', trading: '100' });

  // The result appears without a reload once the 30 s are over.
  await page.goto('/orderrecord');
  await expect.poll(() => bodyText(page), { timeout: 50_000, interval: 1_000 }).toMatch(/Won|Lost|Tie|Void/);
  type Tick = { time: string; price: string } | null;
  const { list } = await api<{ list: Array<{ id: string; status: string; payout: string; entry: Tick; exit: Tick }> }>(
    'POST',
    '/api/order/list',
    {},
    account.token,
  );
  const order = list.find((o) => o.id === orderId)!;
  expect(order.exit).not.toBeNull();
  const balances = await api<{ available: string; trading: string }>(
    'POST',
    '/api/user/balance_list',
    {},
    account.token,
  );
  expect(balances.trading).toBe('0');
  const expected = { won: '1084', lost: '899', tie: '999', void: '1000' }[order.status as 'won'];
  expect(balances.available).toBe(expected);
  await page.goto(`/orderdetail?id=${orderId}`);
  await expect.poll(() => bodyText(page)).toContain(orderId);
  await screenshot(page, 'journey', '22-order-detail');
  await context.close();

  // The operator finds the same order in the back office, read-only, with its entry and exit ticks.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
  await desk.addInitScript((token) => window.localStorage.setItem('adminToken', token), await ownerToken());
  const office = await desk.newPage();
  await office.goto(`/admin/orders?open=${orderId}`);
  const drawer = office.getByRole('dialog');
  // The drawer opens with its title at once and fills in when the order has loaded.
  await expect.poll(() => drawer.innerText(), { timeout: 10_000 }).toContain(account.username);
  const detail = await drawer.innerText();
  expect(detail).toContain(`Order #${orderId}`);
  if (order.entry) expect(detail).toContain(order.entry.price);
  if (order.exit) expect(detail).toContain(order.exit.price);
  expect(detail).toContain(account.username);
  await screenshot(office, 'admin', 'orders-detail');
  await office.goto('/admin/products');
  await office.locator('.ant-table-row').first().waitFor();
  await expect.poll(() => bodyText(office)).toContain('BTCUSDT');
  await screenshot(office, 'admin', 'products');
  await office.getByRole('button', { name: /Edit/ }).first().click();
  await office.getByRole('dialog').getByText('Periods').first().waitFor();
  await office.waitForTimeout(500); // the drawer slides in
  await screenshot(office, 'admin', 'products-edit');
  await office.goto('/admin/settings');
  await expect.poll(() => bodyText(office)).toContain('Open orders per user');
  await screenshot(office, 'admin', 'settings-trading');
  await desk.close();
}, 150_000);

for (const lang of LANGS) {
  test(`trading screens in ${lang}`, async () => {
    const { context } = await fundedTrader(lang);
    const page = await context.newPage();
    for (const path of [
      '/hq',
      '/xq?symbol=XAUUSD',
      '/trade?symbol=XAUUSD&direction=down',
      '/orderrecord',
      '/record',
      '/',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(300);
      const name = path === '/' ? 'home-markets' : `trading-${path.slice(1).split('?')[0]}`;
      await screenshot(page, lang, name);
    }
    await context.close();
  });
}
