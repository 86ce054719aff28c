import { api } from './support/api.js';
import { LANGS, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { expectPopupAtRest, expectToast, title } from './support/ui.js';

// A signed-in user whose deposit of 1000 USDT an operator confirmed (set-up through the API).
test.use({ funds: '1000' });

/** Every check of a simulated product's receipt, in the order the screen lists them. */
const CHECKS = [
  'shape',
  'chain',
  'checkpoint_head',
  'checkpoint_hash',
  'signature',
  'published_key',
  'commitments',
  'path',
  'entry',
  'exit',
  'result',
  'payout',
];

test('an order’s receipt: place, settle, Verify — every check ticked in the browser; the file checks on /fair too', async ({
  page,
  trader,
  newPhone,
}) => {
  // The order runs 30 s. Its receipt becomes verifiable once the checkpoint after its exit is signed
  // (minute M, made at M + 5 s) and the seeds of every tick up to that checkpoint's head are revealed:
  // the head is usually the tick of second M itself, whose epoch (60 s here: FAIR_EPOCH_SECONDS in
  // support/server.ts) ends at M + 60 s. So 90–150 s after the order, more than the suite's 120 s per
  // journey. Every wait below is for a state, never for a time.
  test.setTimeout(240_000);

  await page.goto('/xq?symbol=BTCUSDT');
  // /xq trades from the chart (issue 15); its order form link opens /trade.
  await page.getByRole('link', { name: 'Order form' }).click();
  await expect(page).toHaveURL(/\/trade/);
  await page.getByText('30 s', { exact: true }).first().click();
  await page.getByPlaceholder('Enter the amount').fill('100');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  // The risk disclosure comes before a user's first order; accepting it places the order.
  const accept = page.getByRole('button', { name: 'I understand and accept' });
  await expectPopupAtRest(page.locator('.adm-center-popup-wrap > div'));
  await accept.click();
  await expectToast(page, 'successfully ordered');
  await expect(page).toHaveURL(/\/orderdetail\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id')!;

  // Settled: the detail shows its result without a reload.
  const result = page.locator('.detail-list__row', { hasText: t('en', 'orders.result') });
  await expect(result).toContainText(/Won|Lost|Tie|Void/, { timeout: 60_000 });
  const status = ((await result.textContent()) ?? '').match(/Won|Lost|Tie|Void/)![0];

  // Download receipt: the file is named after the order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('en', 'orders.downloadReceipt') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`vela-receipt-${orderId}.json`);

  // Verify: the screen asks again until the receipt is verifiable, then every check is ticked.
  await page.getByRole('link', { name: t('en', 'orders.verify') }).click();
  await expect(page).toHaveURL(`/fairverify?order=${orderId}`);
  await expect(title(page, t('en', 'fair.verifyTitle'))).toBeVisible();
  await expect(page.getByText(t('en', 'fair.allPassed'))).toBeVisible({ timeout: 180_000 });
  for (const name of CHECKS) {
    await expect(page.getByTestId(`receipt-check-${name}`)).toHaveClass(/receipt-check--ok/);
  }
  // The result in words agrees with the order's.
  const words = { Won: /wins; payout/, Lost: /loses; payout 0/, Tie: /a tie/, Void: /void/ }[status]!;
  await expect(page.getByTestId('receipt-outcome')).toContainText(words);
  await screenshot(page, 'fair', 'verify-en', [
    title(page, t('en', 'fair.verifyTitle')),
    page.getByTestId('receipt-outcome'),
  ]);

  // The receipt as the server gives it is checked on the public page too, by someone not signed in.
  const receipt = await api<unknown>('GET', `/api/fair/receipt?order=${orderId}`, undefined, trader.token);
  const visitor = await (await newPhone('en')).newPage();
  await visitor.goto('/fair');
  await expect(title(visitor, t('en', 'fair.title'))).toBeVisible();
  await expect(visitor.getByTestId('fair-checkpoint')).toContainText('#');
  await visitor.getByRole('textbox', { name: t('en', 'fair.pasteLabel') }).fill(JSON.stringify(receipt));
  await visitor.getByRole('button', { name: t('en', 'fair.checkButton') }).click();
  await expect(visitor.getByText(t('en', 'fair.allPassed'))).toBeVisible();
  for (const name of CHECKS) {
    await expect(visitor.getByTestId(`receipt-check-${name}`)).toHaveClass(/receipt-check--ok/);
  }
  await screenshot(visitor, 'fair', 'fair-en', title(visitor, t('en', 'fair.title')));

  for (const lang of LANGS.filter((l) => l !== 'en')) {
    const context = await newPhone(lang);
    await signInWithToken(context, trader.token);
    const phone = await context.newPage();
    await phone.goto(`/fairverify?order=${orderId}`);
    await expect(phone.getByText(t(lang, 'fair.allPassed'))).toBeVisible();
    await screenshot(phone, 'fair', `verify-${lang}`, phone.getByTestId('receipt-outcome'));
    await phone.goto('/fair');
    await screenshot(phone, 'fair', `fair-${lang}`, title(phone, t(lang, 'fair.title')));
  }
});
