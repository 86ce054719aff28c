import { api, balances } from './support/api.js';
import { LANGS, type Lang, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { num, t } from './support/messages.js';
import { body, expectToast, title, typeOnOpenKeyboard } from './support/ui.js';

const PAY = '246810';
// A signed-in user with a payment password and 5000 USDT from a confirmed deposit (set up through the API).
test.use({ funds: '5000', payPassword: PAY });

/** `name` is English (the API helper asks in English); `nameI18n` has the name in every language. */
type Product = { id: string; name: string; nameI18n: Record<Lang, string>; cycleDays: number };

async function sevenDayProduct(): Promise<Product> {
  const products = await api<Product[]>('POST', '/api/wealth/getList', {});
  return products.find((p) => p.cycleDays === 7)!;
}

test('buy a 7-day locked deposit with the payment password and see it earning', async ({ page, trader }) => {
  const product = await sevenDayProduct();

  await page.goto('/lc');
  await page.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(/\/lcdetail\?id=/);
  await page.getByLabel('Pledge amount').fill('1000');
  // The server's quote: 1000 × 0.0003 = 0.3 a day, 2.1 over 7 days.
  await expect(body(page)).toContainText('+2.1 USDT');
  await page.getByRole('button', { name: 'Buy now' }).click();
  await typeOnOpenKeyboard(page, PAY);
  await expectToast(page, 'Submitted Success');
  await expect(page).toHaveURL(/\/lcorders$/);
  // 'Earning' is also the name of a tab, there before the list: look in the order row itself.
  const order = page.locator('.lc-order', { hasText: product.name });
  await expect(order).toContainText('Earning');
  await expect(order).toContainText('1,000');

  expect(await balances(trader.token)).toMatchObject({ available: '4000', earnLocked: '1000' });
  const orders = await api<{ list: Array<{ status: string; daysLeft: number; estimatedEarnings: string }> }>(
    'POST',
    '/api/wealth/orders',
    { status: 'earning' },
    trader.token,
  );
  expect(orders.list).toEqual([expect.objectContaining({ status: 'earning', daysLeft: 7, estimatedEarnings: '2.1' })]);

  await page.goto('/revenue');
  await expect(body(page)).toContainText('-1,000 USDT');
  await expect(body(page)).toContainText('Expenditure');
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`locked deposit screens in ${lang}`, async ({ page, trader }) => {
      const product = await sevenDayProduct();
      // The screens name the product in their language (zn: USDT 7天穩健), as the server seeded it.
      const name = product.nameI18n[lang];
      expect(name).toBe({ en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7天穩健' }[lang]);
      await api(
        'POST',
        '/api/wealth/submit',
        { productId: product.id, amount: '1500', payPassword: PAY },
        trader.token,
      );
      await page.goto('/lc');
      await screenshot(page, lang, 'earn-lc', [
        title(page, t(lang, 'wealth.title')),
        // The card's name starts with the product's and goes on with what the card shows.
        page.getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) }),
      ]);
      await page.goto(`/lcdetail?id=${product.id}`);
      await page.locator('.lc-amount__input').fill('1000');
      await expect(page.locator('.lc-summary')).toContainText(`${num(lang, '+2.1')} USDT`);
      await screenshot(page, lang, 'earn-lcdetail', [title(page, name), page.locator('.lc-summary')]);
      await page.goto('/lcorders');
      const order = page.locator('.lc-order', { hasText: name });
      await expect(order).toContainText(num(lang, '1,500'));
      await screenshot(page, lang, 'earn-lcorders', [title(page, t(lang, 'wealth.ordersTitle')), order]);
      await page.goto('/revenue');
      await screenshot(page, lang, 'earn-revenue', [
        title(page, t(lang, 'wealth.revenueTitle')),
        page.locator('.lc-row').first(),
      ]);
    });
  });
}
