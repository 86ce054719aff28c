import type { Page } from '@playwright/test';
import { api, balances } from './support/api.js';
import { LANGS, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { num, t } from './support/messages.js';
import { body, expectPopupAtRest, expectToast, title, typePasscode } from './support/ui.js';

const PAY = '135246';
// A signed-in user with 1000 USDT an operator confirmed and a payment password (set up through the API).
test.use({ funds: '1000', payPassword: PAY });

const held = (page: Page) => page.getByTestId('defi-held');

/** Opens the subscribe (0) or redeem (1) sheet and types the amount. */
async function openSheet(page: Page, which: 0 | 1, amount: string) {
  await page.locator('.defi-hero__actions button').nth(which).click();
  const input = page.locator('.sheet .amount-field__input');
  await input.fill(amount);
  await expect(input).toHaveValue(amount);
}

/** The amount sheet's "Next": the payment password sheet takes its place, confirming the amount. */
async function toPassword(page: Page, shown: string) {
  await page.locator('.sheet button[type=submit]').click();
  await expect(page.locator('.sheet .defi-confirm')).toContainText(`${shown} USDT`);
  await expect(page.locator('.adm-number-keyboard:visible')).toBeVisible();
}

test('subscribe and redeem on /defi: the held amount and the balances follow', async ({ page, trader }) => {
  await page.goto('/defi');
  await expect(held(page)).toHaveText('0');
  await expect(body(page)).toContainText('lowest amount you held through that day');

  await openSheet(page, 0, '300');
  await toPassword(page, '300');
  await typePasscode(page, 0, PAY);
  await expectToast(page, 'Submitted Success');
  await expect(held(page)).toHaveText('300');
  expect(await balances(trader.token)).toMatchObject({ available: '700', earnFlexible: '300' });

  await openSheet(page, 1, '120.5');
  await toPassword(page, '120.5');
  await typePasscode(page, 0, PAY);
  await expectToast(page, 'Submitted Success');
  await expect(held(page)).toHaveText('179.5');
  expect(await balances(trader.token)).toMatchObject({ available: '820.5', earnFlexible: '179.5' });
  await expect(body(page)).toContainText('Redemption');
  await expect(body(page)).toContainText('Subscription');

  // Redeeming more than is held is refused in the sheet, before anything is sent.
  await openSheet(page, 1, '500');
  await page.locator('.sheet button[type=submit]').click();
  await expect(page.locator('.sheet')).toContainText('The amount is more than you hold');
  expect((await balances(trader.token)).earnFlexible).toBe('179.5');
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`flexible earn screens in ${lang}`, async ({ page, trader }) => {
      await api('POST', '/api/Defi/orderMoney', { action: 'subscribe', amount: '250', payPassword: PAY }, trader.token);
      await page.goto('/defi');
      await expect(held(page)).toHaveText('250');
      await screenshot(page, lang, 'defi', [
        title(page, t(lang, 'defi.title')),
        held(page),
        page.locator('.defi-row').first(),
      ]);

      const sheet = page.locator('.sheet');
      await openSheet(page, 0, '100');
      await expectPopupAtRest(sheet);
      await screenshot(page, lang, 'defi-subscribe-sheet', sheet.getByText(t(lang, 'defi.subscribeTitle')));
      await page.keyboard.press('Escape');
      await page
        .locator('.adm-mask')
        .first()
        .click({ position: { x: 10, y: 10 } });
      await expect(sheet).toHaveCount(0);

      await openSheet(page, 1, '50');
      await expectPopupAtRest(sheet);
      await screenshot(page, lang, 'defi-redeem-sheet', sheet.getByText(t(lang, 'defi.redeemTitle')));

      // The same amount typed with the language's decimal mark ("50,5" in Vietnamese) is 50.5.
      const input = page.locator('.sheet .amount-field__input');
      await input.fill(num(lang, '50.5'));
      await toPassword(page, num(lang, '50.5'));
      const passwordSheet = page.locator('.sheet', { has: page.locator('.adm-passcode-input') });
      await expectPopupAtRest(passwordSheet);
      await expect(sheet).toHaveCount(1);
      await expect(passwordSheet).toHaveClass(/sheet--keypad/);
      await screenshot(page, lang, 'defi-redeem-password-sheet', [
        passwordSheet.getByText(t(lang, 'defi.redeemTitle')),
        passwordSheet.locator('.adm-passcode-input'),
      ]);
    });
  });
}
