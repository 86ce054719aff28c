import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, ownerToken } from './support/api.js';
import { LANGS, launch, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { bodyText, expectToast, typeOnOpenKeyboard } from './support/ui.js';

const PAY = '246810';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** A signed-in user with a payment password and 5000 USDT from a confirmed deposit (set up through the API). */
async function fundedSaver(lang: (typeof LANGS)[number]) {
  const context = await phoneContext(browser, lang);
  const account = await signInViaApi(context);
  await api('POST', '/api/user/reset_paypwd', { password: account.password, newPayPassword: PAY }, account.token);
  const deposit = await api<{ id: string }>(
    'POST',
    '/api/wallet/submit',
    { method: 'bank', amount: '5000' },
    account.token,
  );
  await api('POST', `/api/admin/deposits/${deposit.id}/confirm`, {}, await ownerToken());
  return { context, account };
}

type Product = { id: string; name: string; cycleDays: number };

async function sevenDayProduct(): Promise<Product> {
  const products = await api<Product[]>('POST', '/api/wealth/getList', {});
  return products.find((p) => p.cycleDays === 7)!;
}

test('buy a 7-day locked deposit with the payment password and see it earning', async () => {
  const { context, account } = await fundedSaver('en');
  const product = await sevenDayProduct();
  const page = await context.newPage();

  await page.goto('/lc');
  await page.getByRole('link', { name: product.name }).click();
  await page.waitForURL('**/lcdetail?id=*');
  await page.getByLabel('Pledge amount').fill('1000');
  // The server's quote: 1000 × 0.0003 = 0.3 a day, 2.1 over 7 days.
  await expect.poll(() => bodyText(page)).toContain('+2.1 USDT');
  await page.getByRole('button', { name: 'Buy now' }).click();
  await typeOnOpenKeyboard(page, PAY);
  await expectToast(page, 'Submitted Success');
  await page.waitForURL('**/lcorders');
  // 'Earning' is also the name of a tab, there before the list: wait for the order row itself.
  await expect.poll(() => bodyText(page)).toContain(product.name);
  const text = await bodyText(page);
  expect(text).toContain('Earning');
  expect(text).toContain('1,000');

  const balances = await api<{ available: string; earnLocked: string }>(
    'POST',
    '/api/user/balance_list',
    {},
    account.token,
  );
  expect(balances).toMatchObject({ available: '4000', earnLocked: '1000' });
  const orders = await api<{ list: Array<{ status: string; daysLeft: number; estimatedEarnings: string }> }>(
    'POST',
    '/api/wealth/orders',
    { status: 'earning' },
    account.token,
  );
  expect(orders.list).toEqual([expect.objectContaining({ status: 'earning', daysLeft: 7, estimatedEarnings: '2.1' })]);

  await page.goto('/revenue');
  await expect.poll(() => bodyText(page)).toContain('-1,000 USDT');
  expect(await bodyText(page)).toContain('Expenditure');
  await context.close();
});

for (const lang of LANGS) {
  test(`locked deposit screens in ${lang}`, async () => {
    const { context, account } = await fundedSaver(lang);
    const product = await sevenDayProduct();
    await api('POST', '/api/wealth/submit', { productId: product.id, amount: '1500', payPassword: PAY }, account.token);
    const page = await context.newPage();
    await page.goto('/lc');
    await page.locator('.lc-card').first().waitFor();
    await screenshot(page, lang, 'earn-lc');
    await page.goto(`/lcdetail?id=${product.id}`);
    await page.locator('.lc-amount__input').fill('1000');
    await page.locator('.lc-summary').waitFor();
    await screenshot(page, lang, 'earn-lcdetail');
    await page.goto('/lcorders');
    await page.locator('.lc-order').first().waitFor();
    await screenshot(page, lang, 'earn-lcorders');
    await page.goto('/revenue');
    await page.locator('.lc-row').first().waitFor();
    await screenshot(page, lang, 'earn-revenue');
    await context.close();
  });
}
