import type { BrowserContext, Page } from '@playwright/test';
import { api } from './support/api.js';
import { LANGS, type Lang, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { body, expectPopupAtRest, expectToast, title } from './support/ui.js';

/**
 * Watchlist and price alerts (issue 15): a user stars a product, sets an alert from its page and
 * sees the server fire it from the recorded (simulated) prices: a toast at once and a notice in the
 * list. The level is sure to be crossed soon: a move of 0.01 % within five minutes, which the
 * simulated walk makes within a few ticks.
 */

/** Waits for a toast whose text contains `part` (the exact text carries the live price). */
async function expectToastContaining(page: Page, part: string) {
  const seen = () =>
    page.evaluate(() => {
      const log = (window as unknown as { __toasts?: string[] }).__toasts ?? [];
      const onScreen = [...document.querySelectorAll<HTMLElement>('.adm-toast-main')].map((el) => el.innerText.trim());
      return [...log, ...onScreen].join('\n');
    });
  await expect.poll(seen, { message: `a toast with "${part}"`, timeout: 60_000 }).toContain(part);
}

/** A price as the English screens write it: "64000.50" → "64,000.50". */
function inEnglish(plain: string): string {
  const [whole = '', fraction] = plain.split('.');
  return `${Number(whole).toLocaleString('en-US')}${fraction === undefined ? '' : `.${fraction}`}`;
}

async function phoneIn(newPhone: (lang?: Lang) => Promise<BrowserContext>, lang: Lang, token: string) {
  const context = await newPhone(lang);
  await signInWithToken(context, token);
  return context.newPage();
}

test('favourite a product, set a price alert from its page, see it fire (toast and notification list)', async ({
  page,
  user,
  newPhone,
}) => {
  test.setTimeout(150_000);
  await page.goto('/hq');
  // Signed in, the favourites come first and say how to fill them.
  await expect(page.getByRole('tab', { name: 'Favourites' })).toHaveAttribute('aria-selected', 'true');
  await expect(body(page)).toContainText(t('en', 'watchlist.empty'));
  await page.getByRole('tab', { name: 'Crypto' }).click();
  await page.getByRole('button', { name: 'Add BTCUSDT to favourites' }).click();
  await expect(page.getByRole('button', { name: 'Remove BTCUSDT from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('tab', { name: 'Favourites' }).click();
  const favourites = page.getByRole('tabpanel', { name: 'Favourites' });
  await expect(favourites.getByRole('link', { name: /BTCUSDT/ })).toBeVisible();
  await expect(favourites.getByRole('link', { name: /ETHUSDT/ })).toHaveCount(0);
  // Kept on the server: another visit (a reload) shows it.
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Favourites' }).getByRole('link', { name: /BTCUSDT/ })).toBeVisible();
  expect((await api<{ symbols: string[] }>('POST', '/api/watchlist/list', undefined, user.token)).symbols).toEqual([
    'BTCUSDT',
  ]);

  // The product's page: the star is on, the bell opens the sheet with the live price filled in.
  await page
    .getByRole('tabpanel', { name: 'Favourites' })
    .getByRole('link', { name: /BTCUSDT/ })
    .click();
  await expect(page).toHaveURL(/\/xq\?symbol=BTCUSDT$/);
  await expect(page.getByRole('button', { name: 'Remove BTCUSDT from favourites' })).toBeVisible();
  await page.getByRole('button', { name: 'Price alert for BTCUSDT' }).click();
  const sheet = page.locator('.sheet');
  await expectPopupAtRest(sheet);
  await expect(sheet.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue(/^\d+\.\d{2}$/);
  // An "above" far below the current price would fire at once: refused, in words. (Not the prefilled
  // price itself: a tick down between opening the sheet and the tap would make that one valid.)
  await sheet.getByRole('textbox', { name: 'Price', exact: true }).fill('1.00');
  await sheet.getByRole('button', { name: 'Set alert' }).click();
  await expect(sheet.getByRole('alert')).toContainText('The price is already at or above this level');
  await sheet.getByRole('button', { name: 'Moves by' }).click();
  await sheet.getByRole('textbox', { name: 'Move (%)', exact: true }).fill('0.01');
  await sheet.getByRole('button', { name: '5 min' }).click();
  await sheet.getByRole('button', { name: 'Set alert' }).click();
  await expectToast(page, t('en', 'priceAlerts.created'));

  // The server fires it from the recorded ticks and pushes it: a toast on the screen the user is on.
  await expectToastContaining(page, 'BTCUSDT moved 0.01% within 5 min: now ');
  const { list } = await api<{ list: Array<{ isEnabled: boolean; triggeredPrice: string | null }> }>(
    'POST',
    '/api/price_alert/list',
    undefined,
    user.token,
  );
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ isEnabled: false });
  expect(list[0]!.triggeredPrice).toMatch(/^\d+\.\d{2}$/);

  // The alert list: fired, off; the notification list keeps the notice.
  await page.goto('/pricealerts');
  const row = page.getByTestId('price-alert');
  const firedAt = inEnglish(list[0]!.triggeredPrice!);
  await expect(row).toContainText(`Fired at ${firedAt}`);
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await screenshot(page, 'en', 'price-alerts-list', [title(page, 'Price alerts'), row]);
  await page.goto('/notifications');
  await expect(body(page)).toContainText(`BTCUSDT moved 0.01% within 5 min: now ${firedAt}`);
  await screenshot(page, 'en', 'price-alert-notice', [body(page).getByText('Price alerts').first()]);

  // Screens in each language: /hq's favourites, the sheet on /xq, the list.
  for (const lang of LANGS) {
    const phone = await phoneIn(newPhone, lang, user.token);
    await phone.goto('/hq');
    await expect(phone.getByRole('tab', { name: t(lang, 'watchlist.tab') })).toHaveAttribute('aria-selected', 'true');
    await screenshot(phone, lang, 'hq-favourites', phone.getByRole('link', { name: /BTCUSDT/ }));
    await phone.goto('/xq?symbol=BTCUSDT');
    await phone.getByRole('button', { name: t(lang, 'priceAlerts.bell', { symbol: 'BTCUSDT' }) }).click();
    await expectPopupAtRest(phone.locator('.sheet'));
    await screenshot(
      phone,
      lang,
      'price-alert-sheet',
      phone.locator('.sheet').getByRole('heading', { name: /BTCUSDT/ }),
    );
    await phone.goto('/pricealerts');
    await screenshot(phone, lang, 'price-alerts-list', phone.getByTestId('price-alert'));
    await phone.goto('/notifications');
    await screenshot(
      phone,
      lang,
      'price-alert-notice',
      phone.getByText(t(lang, 'notifications.kindNames.price_alert')).first(),
    );
  }
});
