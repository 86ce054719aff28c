import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { api, balances } from './support/api.js';
import { LANGS, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { expectToast, title } from './support/ui.js';

/**
 * Trading from the chart (/xq, issue 15): one tap on Rise places the order, the open order shows
 * with its entry and countdown under the chart (and as a line on it), and the result arrives
 * without a reload.
 */

// A signed-in user whose deposit of 1000 USDT an operator confirmed (set-up through the API).
test.use({ funds: '1000' });

type Tick = { time: string; price: string } | null;
type ListedOrder = { id: string; status: 'won' | 'lost' | 'tie' | 'void'; profit: string; entry: Tick; exit: Tick };

const openRow = (page: Page) => page.getByTestId('chart-open-order');
/** The chart's order lines told in words (the canvas's accessible description). */
const drawnLine = (page: Page) => page.getByTestId('chart-order-line');
const drawnResult = (page: Page) => page.getByTestId('chart-order-result');

/** Nothing wider than the phone: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'page width').toBeLessThanOrEqual(widths.view);
}

test('chart → Rise with one tap → entry and countdown → result in a toast; balance matches', async ({
  page,
  trader,
}) => {
  // The order runs its 30 s before it settles.
  test.setTimeout(180_000);

  await page.goto('/xq?symbol=BTCUSDT');
  await expect(title(page, /^BTCUSDT · /)).toBeVisible();
  await expect(page.getByText('Available 1,000 USDT')).toBeVisible();
  await page.getByRole('button', { name: /^30 s/ }).click();
  const amount = page.getByLabel('Amount (USDT)');
  await amount.fill('100');
  await expect(page.getByTestId('chart-trade-payout')).toHaveText('185 USDT');
  await page.getByRole('button', { name: /Rise$/ }).click();
  // The risk disclosure comes before a user's first order; accepting it places the order.
  await page.getByRole('button', { name: 'I understand and accept' }).click();
  await expectToast(page, 'successfully ordered');
  await expect(page).toHaveURL(/\/xq\?symbol=BTCUSDT$/);

  const row = openRow(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('▲ 100');
  // The entry is the first tick after acceptance: "Waiting for entry…" until it is recorded.
  await expect(row).toContainText(/Entry [\d,]+\.\d+/);
  const entry = /Entry ([\d,]+\.\d+)/.exec(await row.innerText())?.[1] ?? 'not shown';
  // The line on the chart: drawn at that entry, and whether it is winning now.
  await expect(drawnLine(page)).toHaveCount(1);
  await expect(drawnLine(page)).toHaveAttribute('data-direction', 'up');
  await expect(drawnLine(page)).toContainText(`Rise 100 USDT, entry ${entry}.`);
  await expect(drawnLine(page)).toHaveAttribute('data-would-win', /^(win|lose|tie)$/);
  // The chart's picture is described by it (screen readers read what is drawn).
  const entryPattern = entry.replace(/[.,]/g, '\\$&');
  await expect(page.getByTestId('chart-canvas')).toHaveAccessibleDescription(
    new RegExp(
      `^Your orders drawn on the chart Rise 100 USDT, entry ${entryPattern}\\. (Winning|Losing|Level) now\\.$`,
    ),
  );
  const countdown = row.getByTestId('chart-order-countdown');
  await expect(countdown).toHaveText(/^0:[0-3]\d$/);
  const first = await countdown.innerText();
  await expect(countdown).not.toHaveText(first);
  await screenshot(page, 'chart-trade', 'journey-open', [row, page.locator('.chart__canvas canvas').first()]);
  expect(await balances(trader.token)).toMatchObject({ available: '899', trading: '100' });

  // Settlement within 1 s of the end: the row leaves and the result is told, without a reload.
  await expect(row).toHaveCount(0, { timeout: 50_000 });
  const { list } = await api<{ list: ListedOrder[] }>('POST', '/api/order/list', {}, trader.token);
  const order = list[0]!;
  expect(order.exit).not.toBeNull();
  const text = {
    won: `Won +${order.profit} USDT`,
    lost: `Lost ${order.profit.replace('-', '')} USDT`,
    tie: 'Tie: stake returned',
    void: 'Void: stake and fee returned',
  }[order.status];
  await expectToast(page, text);
  // The line stays on the chart with its result at the end.
  await expect(drawnLine(page)).toHaveCount(0);
  await expect(drawnResult(page)).toHaveText(`Rise 100 USDT, entry ${entry}. ${text}.`);
  await expect(drawnResult(page)).toHaveAttribute('data-status', order.status);
  const expected = { won: '1084', lost: '899', tie: '999', void: '1000' }[order.status];
  expect(await balances(trader.token)).toMatchObject({ available: expected, trading: '0' });
  const shown = { won: '1,084', lost: '899', tie: '999', void: '1,000' }[order.status];
  await expect(page.getByText(`Available ${shown} USDT`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'My orders' })).toContainText(/Won|Lost|Tie|Void/);
  await screenshot(page, 'chart-trade', 'journey-settled', page.locator('.chart__canvas canvas').first());
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`/xq with an open order in ${lang}: fits the phone, 44 px targets, axe`, async ({ page, trader }) => {
      await api(
        'POST',
        '/api/order/create',
        { symbol: 'XAUUSD', direction: 'up', amount: '100', period: 60 },
        trader.token,
      );
      await api(
        'POST',
        '/api/order/create',
        { symbol: 'XAUUSD', direction: 'down', amount: '20', period: 30 },
        trader.token,
      );
      await page.goto('/xq?symbol=XAUUSD');
      const rows = openRow(page);
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(t(lang, 'chartTrade.entryAt', { price: '' }).trim());
      await expectNoSidewaysScroll(page);
      for (const name of [t(lang, 'chartTrade.rise'), t(lang, 'chartTrade.fall')]) {
        const box = await page.getByRole('button', { name: new RegExp(`${name}$`) }).boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(box!.width).toBeGreaterThanOrEqual(44);
      }
      for (const target of await page.locator('.chart-trade button, .chart-trade a, .chart-order').all()) {
        const box = await target.boundingBox();
        expect(box!.height, String(target)).toBeGreaterThanOrEqual(44);
      }
      const axe = await new AxeBuilder({ page })
        .include('.chart-trade')
        .include('.chart-orders')
        .include('.chart-trade__actions')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      expect(
        axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
      await screenshot(page, 'chart-trade', `${lang}-xq-open`, rows.first());
      // The open orders and the form, scrolled up to the top of the screen.
      await page.locator('.chart-orders').evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await screenshot(page, 'chart-trade', `${lang}-xq-open-panel`, rows.first());
    });
  });
}
