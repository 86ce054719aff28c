import type { Page } from '@playwright/test';
import { newAccount, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { body, expectNoMotion, expectToast, setPayPasswordOnScreen } from './support/ui.js';

test('a new user signs up, manages their account, and an operator finds them', async ({ page, operator }) => {
  const account = newAccount('journey');

  // Sign up and land signed in.
  await page.goto('/reg');
  await page.getByPlaceholder('4–18 letters and numbers').fill(account.username);
  await page.getByPlaceholder('11 digits').fill(account.phone);
  await page.getByPlaceholder('8–64 characters, not your username').fill(account.password);
  await page.getByPlaceholder('Enter the password again').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expectToast(page, 'Sign Up Success,Go to web');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(page).toHaveTitle('Vela');

  // The profile shows the account.
  await page.goto('/my');
  const phoneMasked = `${account.phone.slice(0, 3)}****${account.phone.slice(-4)}`;
  await screenshot(page, 'journey', '01-my', [
    page.getByText(account.username).first(),
    page.getByText(phoneMasked).first(),
  ]);

  // Change the login password.
  await page.getByText('Change login password').click();
  await expect(page).toHaveURL(/\/loginpassword$/);
  await page.getByPlaceholder('Enter the current password').fill(account.password);
  await page.getByPlaceholder('8–64 characters').fill('e2e-new-password-2');
  await page.getByPlaceholder('Enter the new password again').fill('e2e-new-password-2');
  await page.getByRole('button', { name: 'Confirm change' }).click();
  await expectToast(page, 'Reset Successful');

  // Log out, then the old password fails and the new one works.
  await page.goto('/my');
  await page.getByText('Log out', { exact: true }).click();
  await page.locator('.adm-dialog').getByText('Log out', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.getByPlaceholder('Enter your username or phone number').fill(account.username);
  await page.getByPlaceholder('Enter your password').fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectToast(page, 'Incorrect password');
  await page.getByPlaceholder('Enter your password').fill('e2e-new-password-2');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectToast(page, 'Successful Login,Going To Home Page');
  await expect(page).toHaveURL((url) => url.pathname + url.search === '/');

  // Set the payment password on the number pad.
  await page.goto('/txpassword');
  await setPayPasswordOnScreen(page, 'e2e-new-password-2', '135790', 'Set payment password');
  await expectToast(page, 'Submitted Success');
  await page.goto('/my');
  await expect(page.getByText('Change payment password')).toBeVisible();

  // Switch the language and see the interface change.
  await page.goto('/lang');
  await page.getByText('繁體中文').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('zn');
  await page.goto('/my');
  await expect(body(page)).toContainText('修改登入密碼');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zn');
  await page.goto('/lang');
  await page.getByText('Tiếng Việt').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('vn');
  await page.goto('/my');
  await expect(body(page)).toContainText('Đổi mật khẩu đăng nhập');
  await expect(page.locator('html')).toHaveAttribute('lang', /^vi/);

  await operatorFindsUser(operator, account.username, account.phone);
});

/** The owner, signed in to the back office, searches for the new user and opens their record. */
async function operatorFindsUser(page: Page, username: string, phone: string) {
  await page.getByPlaceholder('Username, phone or invite code').fill(username);
  await page.getByPlaceholder('Username, phone or invite code').press('Enter');
  const row = page.locator('.ant-table-row', { hasText: username });
  await expect(row).toContainText(phone);
  await screenshot(page, 'admin', 'users-search', row);
  await row.getByText(username).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer).toContainText(`User ${username}`);
  await expectNoMotion(page); // the drawer has finished sliding in
  await screenshot(page, 'admin', 'user-drawer', drawer.getByText(`User ${username}`));
}
