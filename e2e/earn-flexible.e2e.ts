import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, ownerToken } from './support/api.js';
import { LANGS, launch, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { bodyText, expectToast, typePasscode } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const PAY = '135246';

/** A signed-in user with 1000 USDT an operator confirmed and a payment password (set-up through the API). */
async function fundedSaver(lang: (typeof LANGS)[number]) {
  const context = await phoneContext(browser, lang);
  const account = await signInViaApi(context);
  await api('POST', '/api/user/reset_paypwd', { password: account.password, newPayPassword: PAY }, account.token);
  const deposit = await api<{ id: string }>(
    'POST',
    '/api/wallet/submit',
    { method: 'bank', amount: '1000' },
    account.token,
  );
  await api('POST', `/api/admin/deposits/${deposit.id}/confirm`, {}, await ownerToken());
  return { context, account };
}

const balances = (token: string) =>
  api<{ available: string; earnFlexible: string }>('POST', '/api/user/balance_list', {}, token);

const held = (page: Page) => page.getByTestId('defi-held').innerText();

/** Opens the subscribe (0) or redeem (1) sheet and types the amount. */
async function openSheet(page: Page, which: 0 | 1, amount: string) {
  await page.locator('.defi-hero__actions button').nth(which).click();
  const input = page.locator('.sheet .amount-field__input');
  await input.waitFor();
  await input.fill(amount);
}

test('subscribe and redeem on /defi: the held amount and the balances follow', async () => {
  const { context, account } = await fundedSaver('en');
  const page = await context.newPage();
  await page.goto('/defi');
  await expect.poll(() => held(page)).toBe('0');
  await expect.poll(() => bodyText(page)).toContain('lowest amount you held through that day');

  await openSheet(page, 0, '300');
  await typePasscode(page, 0, PAY);
  await expectToast(page, 'Submitted Success');
  await expect.poll(() => held(page)).toBe('300');
  expect(await balances(account.token)).toMatchObject({ available: '700', earnFlexible: '300' });

  await openSheet(page, 1, '120.5');
  await typePasscode(page, 0, PAY);
  await expectToast(page, 'Submitted Success');
  await expect.poll(() => held(page)).toBe('179.5');
  expect(await balances(account.token)).toMatchObject({ available: '820.5', earnFlexible: '179.5' });
  await expect.poll(() => bodyText(page)).toContain('Redemption');
  expect(await bodyText(page)).toContain('Subscription');

  // Redeeming more than is held is refused in the sheet, before anything is sent.
  await openSheet(page, 1, '500');
  await page.locator('.sheet button[type=submit]').click();
  await expect.poll(() => bodyText(page)).toContain('The amount is more than you hold');
  expect((await balances(account.token)).earnFlexible).toBe('179.5');
  await context.close();
}, 60_000);

for (const lang of LANGS) {
  test(`flexible earn screens in ${lang}`, async () => {
    const { context, account } = await fundedSaver(lang);
    await api('POST', '/api/Defi/orderMoney', { action: 'subscribe', amount: '250', payPassword: PAY }, account.token);
    const page = await context.newPage();
    await page.goto('/defi');
    await expect.poll(() => held(page)).toBe('250');
    await page.locator('.defi-row').first().waitFor();
    await screenshot(page, lang, 'defi');
    await openSheet(page, 0, '100');
    await page.waitForTimeout(400); // the sheet slides in
    await screenshot(page, lang, 'defi-subscribe-sheet');
    await page.keyboard.press('Escape');
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } });
    await page.locator('.sheet').waitFor({ state: 'detached' });
    await openSheet(page, 1, '50');
    await page.waitForTimeout(400);
    await screenshot(page, lang, 'defi-redeem-sheet');
    await context.close();
  }, 40_000);
}
