import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, launch, newAccount, phoneContext, screenshot } from './support/browser.js';
import { E2E_OWNER } from './support/global-setup.js';
import { expectToast, typePasscode } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

test('a new user signs up, manages their account, and an operator finds them', async () => {
  const context = await phoneContext(browser, 'en');
  const page = await context.newPage();
  const account = newAccount('journey');

  // Sign up and land signed in.
  await page.goto('/reg');
  await page.getByPlaceholder('4–18 letters and numbers').fill(account.username);
  await page.getByPlaceholder('11 digits').fill(account.phone);
  await page.getByPlaceholder('8–64 characters, not your username').fill(account.password);
  await page.getByPlaceholder('Enter the password again').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expectToast(page, 'Sign Up Success,Go to web');
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect.poll(() => page.title()).toBe('Vela');

  // The profile shows the account.
  await page.goto('/my');
  await expect.poll(() => page.locator('body').innerText()).toContain(account.username);
  const phoneMasked = `${account.phone.slice(0, 3)}****${account.phone.slice(-4)}`;
  expect(await page.locator('body').innerText()).toContain(phoneMasked);
  await screenshot(page, 'journey', '01-my');

  // Change the login password.
  await page.getByText('Change login password').click();
  await page.waitForURL('**/loginpassword');
  await page.getByPlaceholder('Enter the current password').fill(account.password);
  await page.getByPlaceholder('8–64 characters').fill('e2e-new-password-2');
  await page.getByPlaceholder('Enter the new password again').fill('e2e-new-password-2');
  await page.getByRole('button', { name: 'Confirm change' }).click();
  await expectToast(page, 'Reset Successful');

  // Log out, then the old password fails and the new one works.
  await page.goto('/my');
  await page.getByText('Log out', { exact: true }).click();
  await page.locator('.adm-dialog').getByText('Log out', { exact: true }).click();
  await page.waitForURL('**/login**');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.getByPlaceholder('Enter your username or phone number').fill(account.username);
  await page.getByPlaceholder('Enter your password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectToast(page, 'Incorrect password');
  await page.getByPlaceholder('Enter your password').fill('e2e-new-password-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectToast(page, 'Successful Login,Going To Home Page');
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');

  // Set the payment password on the number pad.
  await page.goto('/txpassword');
  await page.getByPlaceholder('Enter your login password').fill('e2e-new-password-2');
  await typePasscode(page, 0, '135790');
  await typePasscode(page, 1, '135790');
  await page.getByRole('button', { name: 'Set payment password' }).click();
  await expectToast(page, 'Submitted Success');
  await page.goto('/my');
  await expect.poll(() => page.locator('body').innerText()).toContain('Change payment password');

  // Switch the language and see the interface change.
  await page.goto('/lang');
  await page.getByText('繁體中文').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('zn');
  await page.goto('/my');
  await expect.poll(() => page.locator('body').innerText()).toContain('修改登入密碼');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zn');
  await page.goto('/lang');
  await page.getByText('Tiếng Việt').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('vn');
  await page.goto('/my');
  await expect.poll(() => page.locator('body').innerText()).toContain('Đổi mật khẩu đăng nhập');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(/^vi/);
  await context.close();

  await operatorFindsUser(account.username, account.phone);
});

/** The owner signs in to the back office, searches for the new user and opens their record. */
async function operatorFindsUser(username: string, phone: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.getByLabel('Username').fill(E2E_OWNER.username);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByPlaceholder('Username, phone or invite code').fill(username);
  await page.getByPlaceholder('Username, phone or invite code').press('Enter');
  const row = page.locator('.ant-table-row', { hasText: username });
  await row.waitFor();
  expect(await row.innerText()).toContain(phone);
  await screenshot(page, 'admin', 'users-search');
  await row.getByText(username).click();
  await expect.poll(() => page.locator('.ant-drawer').innerText()).toContain(`User ${username}`);
  await page.waitForTimeout(400); // let the drawer finish sliding in
  await screenshot(page, 'admin', 'user-drawer');
  await context.close();
}
