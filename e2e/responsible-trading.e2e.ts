import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, balances, bindCard, ownerToken, verifyIdentity } from './support/api.js';
import { LANGS, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { body } from './support/ui.js';

const PAY = '246802';
test.use({ funds: '1000', payPassword: PAY });

/** A toast whose text contains `part` (the refusals carry the limit's reset time, written by the server). */
async function expectToastContaining(page: Page, part: string) {
  const seen = () =>
    page.evaluate(() => {
      const log = (window as unknown as { __toasts?: string[] }).__toasts ?? [];
      const onScreen = [...document.querySelectorAll<HTMLElement>('.adm-toast-main')].map((el) => el.innerText.trim());
      return [...log, ...onScreen].join('\n');
    });
  await expect.poll(seen, { message: `a toast with "${part}"` }).toContain(part);
}

async function placeOrder(page: Page, amount: string) {
  await page.goto('/trade?symbol=BTCUSDT&direction=up');
  await page.getByText('30 s', { exact: true }).first().click();
  await page.getByPlaceholder('Enter the amount').fill(amount);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  // The risk disclosure comes before a user's first order.
  const accept = page.getByRole('button', { name: 'I understand and accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

test('a maximum stake refuses a larger order, naming the limit; a cool-off stops trading, withdrawals still work', async ({
  page,
  trader,
}) => {
  test.setTimeout(120_000);
  // Identity verified and a card bound (through the API): what a withdrawal needs.
  await verifyIdentity(trader.token, await ownerToken(), trader.username);
  await bindCard(trader.token, PAY);

  // Mine → Responsible trading → maximum stake per order 20.
  await page.goto('/my');
  await page.getByText('Responsible trading', { exact: true }).click();
  await expect(page).toHaveURL(/\/responsible$/);
  await page.getByLabel('Maximum stake per order').fill('20');
  await page.getByRole('button', { name: 'Save limits' }).click();
  const orderStake = page.locator('[data-limit="orderStake"]');
  await expect(orderStake).toContainText('Now: 20 USDT');

  // Raising it waits 24 h: the screen says when.
  await page.getByLabel('Maximum stake per order').fill('50');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(orderStake.getByRole('status')).toContainText('Changes to 50 USDT — takes effect at');
  await expect(orderStake).toContainText('Now: 20 USDT');

  // An order of 25 is refused with the limit named; nothing moves.
  await placeOrder(page, '25');
  await expectToastContaining(
    page,
    'This stake is above the maximum per order you set for yourself (maximum stake per order)',
  );
  expect(await balances(trader.token)).toMatchObject({ available: '1000', trading: '0' });

  // A daily deposit limit of 100 (set through the API): a TRC20 deposit of 500 is refused, naming it.
  // (An address in the platform's pool to deposit to, as finance would have imported.)
  const pool = tronAddressFromBytes(randomBytes(20));
  await api('POST', '/api/admin/deposit-addresses/import', { addresses: pool }, await ownerToken());
  await api('POST', '/api/user/responsible/limits', { limits: { depositDay: '100' } }, trader.token);
  await page.goto('/recharge');
  await page.getByPlaceholder('Enter the amount in USDT').fill('500');
  await page.getByText('USDT (TRC20)').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/recharge2/);
  await expect(page.getByPlaceholder('Enter the amount in USDT')).toHaveValue('500');
  await page.getByPlaceholder('64 hexadecimal characters').fill(randomBytes(32).toString('hex'));
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expectToastContaining(
    page,
    'This deposit would go over the deposit limit you set for yourself (daily deposit limit, resets ',
  );
  await expect(page).toHaveURL(/\/recharge2/);
  const deposits = await api<{ total: number }>('POST', '/api/user/deposit', {}, trader.token);
  expect(deposits.total).toBe(1);

  // A 24 h cool-off, confirmed with the password.
  await page.goto('/responsible');
  await page.getByLabel('Length').selectOption('cool1');
  await page.getByLabel('Login password').fill(trader.password);
  await page.getByRole('button', { name: 'Start the break' }).click();
  await page.getByRole('dialog').getByText('Start the break').click();
  await expect(body(page)).toContainText('Cool-off until');
  await expect(body(page)).toContainText('Trading and deposits are paused. Withdrawals still work.');

  // Trading is refused, within the limit or not.
  await placeOrder(page, '10');
  await expectToastContaining(page, 'Trading and deposits are paused by your own exclusion until it ends (until');
  expect(await balances(trader.token)).toMatchObject({ available: '1000', trading: '0' });

  // A withdrawal still goes through (the cool-off stops trading and deposits only).
  const withdrawal = await api<{ id: string }>(
    'POST',
    '/api/wallet/bankWithdrawal',
    { amount: '100', payPassword: PAY },
    trader.token,
  );
  expect(withdrawal.id).toBeTruthy();
  expect(await balances(trader.token)).toMatchObject({ available: '900', frozen: '100' });
  await page.goto('/withdrawrecord');
  await expect(body(page)).toContainText('Processing');
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`responsible trading screen and reality check in ${lang}`, async ({ page, trader }) => {
      await api('POST', '/api/user/responsible/limits', { limits: { lossDay: '100', stakeWeek: '500' } }, trader.token);
      await api('POST', '/api/user/responsible/limits', { limits: { lossDay: '300' } }, trader.token);
      await api('POST', '/api/user/responsible/reality_check', { minutes: 10 }, trader.token);
      await page.goto('/responsible');
      await expect(page.getByRole('heading', { name: t(lang, 'responsible.limitsTitle') })).toBeVisible();
      const lossDay = page.locator('[data-limit="lossDay"]');
      await expect(lossDay.getByRole('status')).toBeVisible();
      await screenshot(page, 'responsible', `${lang}-01-limits`, lossDay);
      await page.getByRole('heading', { name: t(lang, 'responsible.exclusionTitle') }).scrollIntoViewIfNeeded();
      await screenshot(
        page,
        'responsible',
        `${lang}-02-exclusion`,
        page.getByRole('button', { name: t(lang, 'responsible.exclude') }),
      );

      // The reality check comes 10 minutes after sign-in: the page's clock is moved on, not waited for.
      await page.clock.install();
      const summaryRead = page.waitForResponse('**/api/user/responsible/session');
      await page.goto('/my');
      await summaryRead;
      const dialog = page.getByRole('alertdialog', { name: t(lang, 'responsible.dialog.title') });
      // A minute at a time until it is due (10 minutes after sign-in), whatever moment the timer was set.
      await expect(async () => {
        await page.clock.fastForward('01:00');
        await expect(dialog).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await screenshot(page, 'responsible', `${lang}-03-reality-check`, dialog);
      await dialog.getByRole('button', { name: t(lang, 'responsible.dialog.continue') }).click();
      await expect(dialog).toHaveCount(0);
    });
  });
}
