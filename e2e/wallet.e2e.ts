import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, ownerToken } from './support/api.js';
import { baseUrl, launch, newAccount, phoneContext, screenshot } from './support/browser.js';
import { E2E_OWNER } from './support/global-setup.js';
import { bodyText, expectToast, typeOnOpenKeyboard, typePasscode } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // Platform set-up an operator does once: a bank to choose and deposit addresses in the pool.
  const owner = await ownerToken();
  await api('POST', '/api/admin/banks', { name: 'Vietcombank', enabled: true, sort: 1 }, owner);
  const pool = Array.from({ length: 5 }, () => tronAddressFromBytes(randomBytes(20))).join('\n');
  await api('POST', '/api/admin/deposit-addresses/import', { addresses: pool }, owner);
});
afterAll(async () => browser?.close());

const PAY = '246802';
const fixture = (name: string) => path.resolve('e2e/fixtures', name);

async function signUp(page: Page) {
  const account = newAccount('wallet');
  await page.goto('/reg');
  await page.getByPlaceholder('4–18 letters and numbers').fill(account.username);
  await page.getByPlaceholder('11 digits').fill(account.phone);
  await page.getByPlaceholder('8–64 characters, not your username').fill(account.password);
  await page.getByPlaceholder('Enter the password again').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/txpassword');
  await page.getByPlaceholder('Enter your login password').fill(account.password);
  await typePasscode(page, 0, PAY);
  await typePasscode(page, 1, PAY);
  await page.getByRole('button', { name: 'Set payment password' }).click();
  await expectToast(page, 'Submitted Success');
  return account;
}

/** The operator's side, in the back office. */
async function operator() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.getByLabel('Username').fill(E2E_OWNER.username);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.ant-layout-sider, .ant-menu').first().waitFor();
  return { page, close: () => context.close() };
}

test('KYC, card, address and deposit; an operator approves; the user withdraws; the operator pays out', async () => {
  const context = await phoneContext(browser, 'en');
  const page = await context.newPage();
  const account = await signUp(page);

  // Identity verification with both images.
  await page.goto('/realname');
  await page.getByPlaceholder('As written on your ID card').fill('Test User');
  await page.getByPlaceholder('6–32 letters and digits').fill('A1234567');
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles(fixture('id-front.png'));
  await inputs.nth(1).setInputFiles(fixture('id-back.png'));
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect.poll(() => bodyText(page)).toContain('Under review');

  // Bank card and a withdrawal address.
  await page.goto('/bindBankCard');
  await page.locator('select').selectOption({ label: 'Vietcombank' });
  await page.getByPlaceholder('The name on the card').fill('Test User');
  await page.getByPlaceholder('12–19 digits').fill('9704366112345678');
  await page.getByPlaceholder('The branch where the account was opened').fill('Hoan Kiem');
  await page.getByPlaceholder('Enter the city').fill('Hanoi');
  await page.getByPlaceholder('Enter the province').fill('Hanoi');
  await typePasscode(page, 0, PAY);
  await page.getByRole('button', { name: 'Bind card' }).click();
  await expectToast(page, 'Added Successfully');

  await page.goto('/bindWallet');
  const address = tronAddressFromBytes(randomBytes(20));
  await page.getByPlaceholder('Starts with T, 34 characters').fill(address);
  await typePasscode(page, 0, PAY);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expectToast(page, 'Added Successfully');
  await expect.poll(() => bodyText(page)).toContain(address);

  // A TRC20 deposit: the address with its QR code, then amount and transaction hash.
  await page.goto('/recharge');
  await page.getByPlaceholder('Enter the amount in USDT').fill('500');
  await page.getByText('USDT (TRC20)').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/recharge2**');
  await page.locator('canvas, svg').first().waitFor();
  const amountInput = page.getByPlaceholder('Enter the amount in USDT');
  if ((await amountInput.inputValue()) === '') await amountInput.fill('500');
  await page.getByPlaceholder('64 hexadecimal characters').fill('c0ffee'.repeat(10) + 'beef');
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expectToast(page, 'Submitted Success');

  // The operator approves the identity and confirms the deposit in the back office.
  const admin = await operator();
  await admin.page.locator('.ant-menu').getByText('KYC', { exact: false }).first().click();
  await admin.page.locator('.ant-table-row', { hasText: account.username }).first().waitFor();
  await admin.page.locator('.ant-table-row', { hasText: account.username }).first().click();
  await admin.page
    .getByRole('button', { name: /^Approve/ })
    .first()
    .click();
  // Approving asks for confirmation in a modal; wait for it rather than racing its animation.
  await admin.page
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect
    .poll(
      async () => (await api<{ status: string }>('GET', '/api/user/idcard', undefined, await userToken(page))).status,
    )
    .toBe('approved');
  await screenshot(admin.page, 'admin', 'kyc-approved');

  await admin.page.locator('.ant-menu').getByText('Deposits', { exact: true }).click();
  const depositRow = admin.page.locator('.ant-table-row', { hasText: account.username }).first();
  await depositRow.waitFor();
  await depositRow.getByRole('button', { name: /Confirm/ }).click();
  const confirmOk = admin.page.locator('.ant-modal').getByRole('button', { name: /Confirm|OK/ });
  await confirmOk.last().click();
  await expect
    .poll(
      async () =>
        (await api<{ available: string }>('POST', '/api/user/balance_list', {}, await userToken(page))).available,
    )
    .toBe('500');
  await screenshot(admin.page, 'admin', 'deposit-confirmed');

  // The user sees the money and the fund-details row.
  await page.goto('/wallet');
  await expect.poll(() => bodyText(page)).toContain('500');
  await page.goto('/runningwater');
  await expect.poll(() => bodyText(page)).toContain('+500');

  // Withdraw to the card with the payment password.
  await page.goto('/withdraw');
  await page.getByPlaceholder(/Minimum/).fill('100');
  await expect.poll(() => bodyText(page)).toContain('98.5');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await typeOnOpenKeyboard(page, PAY);
  const submit = page.getByRole('button', { name: 'Confirm withdrawal' });
  if (await submit.isVisible()) await submit.click();
  await expectToast(page, 'Successful Withdrawal');
  await page.waitForURL('**/withdrawrecord**');
  await expect.poll(() => bodyText(page)).toContain('Processing');

  // The operator pays it out; the history shows success.
  await admin.page.locator('.ant-menu').getByText('Withdrawals', { exact: true }).click();
  const withdrawalRow = admin.page.locator('.ant-table-row', { hasText: account.username }).first();
  await withdrawalRow.waitFor();
  await withdrawalRow.getByRole('button', { name: /Approve/ }).click();
  await admin.page
    .locator('.ant-modal')
    .getByRole('button', { name: /Approve|Confirm|OK/ })
    .last()
    .click();
  await expect
    .poll(
      async () => (await api<{ frozen: string }>('POST', '/api/user/balance_list', {}, await userToken(page))).frozen,
    )
    .toBe('0');
  await screenshot(admin.page, 'admin', 'withdrawal-paid');
  await admin.close();

  await page.reload();
  await expect.poll(() => bodyText(page)).toContain('Success');
  await screenshot(page, 'journey', '10-withdrawal-success');
  await page.goto('/wallet');
  await expect.poll(() => bodyText(page)).toContain('400');
  await context.close();
});

async function userToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
}
