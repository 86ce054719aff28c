import { api, balances } from './support/api.js';
import { LANGS, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { num, t } from './support/messages.js';
import { body, expectNoMotion, expectPopupAtRest, expectToast, title } from './support/ui.js';

// A signed-in user whose deposit of 1000 USDT an operator confirmed (set-up through the API).
test.use({ funds: '1000' });

test('markets → chart → buy rise for the shortest period → countdown → result; balance and record match', async ({
  page,
  trader,
  operator: office,
}) => {
  // The order runs its 30 s before it settles: longer than a journey without one.
  test.setTimeout(180_000);

  await page.goto('/hq');
  await expect(body(page)).toContainText('Simulated prices');
  await page.getByText('Crypto', { exact: true }).first().click();
  await page.getByText('BTCUSDT').first().click();
  await expect(page).toHaveURL(/\/xq\?symbol=BTCUSDT$/);
  // The chart draws: lightweight-charts renders into canvases.
  await screenshot(page, 'journey', '20-xq', [title(page, /^BTCUSDT · /), page.locator('canvas').first()]);

  // /xq trades from the chart (issue 15); its order form link opens /trade.
  await page.getByRole('link', { name: 'Order form' }).click();
  await expect(page).toHaveURL(/\/trade/);
  await page.getByText('30 s', { exact: true }).first().click();
  await page.getByPlaceholder('Enter the amount').fill('100');
  await expect(body(page)).toContainText('185'); // payout if it wins: 100 × 1.85
  await page.getByRole('button', { name: 'Confirm order' }).click();
  // The risk disclosure comes before a user's first order; accepting it places the order.
  const accept = page.getByRole('button', { name: 'I understand and accept' });
  await expectPopupAtRest(page.locator('.adm-center-popup-wrap > div'));
  await screenshot(page, 'journey', '21-risk-disclosure', accept);
  await accept.click();
  await expectToast(page, 'successfully ordered');
  await expect(page).toHaveURL(/\/orderdetail\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id')!;
  // Placed at once, "Waiting for entry…"; the entry tick (price at time) comes on the socket, no reload.
  const opening = page.locator('.detail-list__row').filter({ has: page.getByText('Opening', { exact: true }) });
  await expect(opening).toContainText(/\d at /, { timeout: 10_000 });
  await screenshot(page, 'journey', '21-position', [
    title(page, t('en', 'orders.detailTitle')),
    page.getByText(orderId).first(),
  ]);

  expect(await balances(trader.token)).toMatchObject({ available: '899', trading: '100' });

  // The result appears without a reload once the 30 s are over.
  await page.goto('/orderrecord');
  await expect(body(page)).toContainText(/Won|Lost|Tie|Void/, { timeout: 50_000 });
  type Tick = { time: string; price: string } | null;
  const { list } = await api<{ list: Array<{ id: string; status: string; payout: string; entry: Tick; exit: Tick }> }>(
    'POST',
    '/api/order/list',
    {},
    trader.token,
  );
  const order = list.find((o) => o.id === orderId)!;
  expect(order.exit).not.toBeNull();
  const after = await balances(trader.token);
  expect(after.trading).toBe('0');
  const expected = { won: '1084', lost: '899', tie: '999', void: '1000' }[order.status as 'won'];
  expect(after.available).toBe(expected);
  await page.goto(`/orderdetail?id=${orderId}`);
  await expect(body(page)).toContainText(orderId);
  await screenshot(page, 'journey', '22-order-detail', [
    title(page, t('en', 'orders.detailTitle')),
    page.getByText(/Won|Lost|Tie|Void/).first(),
  ]);

  // The operator finds the same order in the back office, read-only, with its entry and exit ticks.
  await office.goto(`/admin/orders?open=${orderId}`);
  const drawer = office.getByRole('dialog');
  // The drawer opens with its title at once and fills in when the order has loaded.
  await expect(drawer).toContainText(trader.username);
  await expect(drawer).toContainText(`Order #${orderId}`);
  if (order.entry) await expect(drawer).toContainText(order.entry.price);
  if (order.exit) await expect(drawer).toContainText(order.exit.price);
  await expectNoMotion(office);
  await screenshot(office, 'admin', 'orders-detail', drawer.getByText(`Order #${orderId}`));
  await office.goto('/admin/products');
  await screenshot(office, 'admin', 'products', [
    office.getByRole('heading', { name: 'Products', exact: true }),
    office.locator('.ant-table-row', { hasText: 'BTCUSDT' }),
  ]);
  await office.getByRole('button', { name: /Edit/ }).first().click();
  await expect(office.getByRole('dialog').getByText('Periods').first()).toBeVisible();
  await expectNoMotion(office); // the drawer has finished sliding in
  await screenshot(office, 'admin', 'products-edit', office.getByRole('dialog').getByText('Periods').first());
  await office.goto('/admin/settings');
  await screenshot(office, 'admin', 'settings-trading', [
    office.getByRole('heading', { name: 'Platform settings', exact: true }),
    office.getByText('Open orders per user').first(),
  ]);
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`trading screens in ${lang}`, async ({ page, trader }) => {
      // Each screen with its title, and what it lists: prices, the chart, the balance, or no orders yet.
      const screens = [
        // Signed in, /hq opens on the (empty) favourites: the stocks tab is asked for by address.
        {
          path: '/hq?category=stock',
          name: 'trading-hq',
          title: t(lang, 'markets.title'),
          shows: page.getByText('AAPL').first(),
        },
        // The chart's title names the product in the language: Gold, Vàng, 黃金.
        {
          path: '/xq?symbol=XAUUSD',
          name: 'trading-xq',
          title: `XAUUSD · ${{ en: 'Gold', vn: 'Vàng', zn: '黃金' }[lang]}`,
          shows: page.locator('canvas').first(),
        },
        {
          path: '/trade?symbol=XAUUSD&direction=down',
          name: 'trading-trade',
          title: t(lang, 'trade.title'),
          shows: page.getByText(`${num(lang, '1,000')} USDT`, { exact: true }),
        },
        {
          path: '/orderrecord',
          name: 'trading-orderrecord',
          title: t(lang, 'orders.recordsTitle'),
          shows: page.getByText(t(lang, 'orders.emptyOpen'), { exact: true }),
        },
        {
          path: '/record',
          name: 'trading-record',
          title: t(lang, 'orders.historyTitle'),
          shows: page.getByText(t(lang, 'orders.emptySettled'), { exact: true }),
        },
        {
          path: '/',
          name: 'home-markets',
          title: t(lang, 'home.greeting', { name: trader.username }),
          shows: page.locator('.movers .mover').first(),
        },
      ];
      for (const screen of screens) {
        await page.goto(screen.path);
        await screenshot(page, lang, screen.name, [title(page, screen.title), screen.shows]);
      }
    });
  });
}
