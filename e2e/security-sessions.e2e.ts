import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { api } from './support/api.js';
import { LANGS, type Lang, newAccount, preparePhone, screenshot, VIEWPORT } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { baseUrl } from './support/server.js';

/** A phone of another kind than the test's Chromium: its sign-in is from a new device. */
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

/** A registered user whose registration session is already ended, so each phone's sign-in is its own. */
async function registeredAccount() {
  const account = newAccount('sess');
  const registered = await api<{ token: string }>('POST', '/api/user/register', account);
  await api('POST', '/api/user/logout', {}, registered.token);
  return account;
}

async function signInOnScreen(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your username or phone number').fill(account.username);
  await page.getByPlaceholder('Enter your password').fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** WCAG 2.2 AA as the a11y journey checks it: no serious or critical finding on what the page shows. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function androidPhone(browser: import('@playwright/test').Browser, lang: Lang = 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'en-US',
    userAgent: ANDROID_UA,
    baseURL: baseUrl(),
  });
  await preparePhone(context, lang);
  return context;
}

test('two phones: both sessions listed, the other one ended and sent to /login; the bell tells of the new device', async ({
  page,
  browser,
}) => {
  const account = await registeredAccount();
  await signInOnScreen(page, account);
  const bell = page.getByTestId('notification-bell');
  // This phone's own sign-in came from a device the account had not used (registration was by API).
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  const other = await androidPhone(browser);
  try {
    const otherPage = await other.newPage();
    await signInOnScreen(otherPage, account);
    // The other phone's sign-in reaches this phone's bell live, over the socket.
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

    await page.goto('/my');
    await page.getByText('Devices and sign-ins', { exact: true }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    const otherRow = rows.filter({ hasText: 'Android 14' });
    await expect(otherRow).toContainText('Phone · Chrome 120 · Android 14');
    await expect(page.getByTestId('login-attempt')).toHaveCount(2);
    await expect(page.getByTestId('login-attempt').first()).toContainText('Signed in');

    await otherRow.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('.adm-dialog').getByText('Sign out', { exact: true }).click();
    await expect(rows).toHaveCount(1);
    // The other phone hears its session ended and lands on /login without touching anything.
    await expect(otherPage).toHaveURL(/\/login/);
  } finally {
    await other.close();
  }

  await page.goto('/');
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText('Sign-in from a new device')).toHaveCount(2);
  await expect(page.getByText(/was signed in on Chrome 120 · Android 14/)).toBeVisible();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('Unread', { exact: true })).toHaveCount(0);
  await page.goto('/');
  await expect(bell).toHaveAccessibleName('Notifications');
});

test('security notices cannot be turned off on the settings screen', async ({ page, user }) => {
  void user;
  await page.goto('/notificationSettings');
  const security = page.getByRole('switch', { name: 'Sign-in from a new device' });
  await expect(security).toBeChecked();
  await expect(security).toBeDisabled();
  const withdrawals = page.getByRole('switch', { name: 'Withdrawal updates' });
  await expect(withdrawals).toBeChecked();
  await withdrawals.click();
  await expect(withdrawals).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Withdrawal updates' })).not.toBeChecked();
});

for (const lang of LANGS) {
  test(`screens: sessions, notifications and the bell in ${lang}`, async ({ page, browser }) => {
    const account = await registeredAccount();
    await signInOnScreen(page, account);
    const other = await androidPhone(browser);
    try {
      await signInOnScreen(await other.newPage(), account);
      await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
      await page.goto('/sessions');
      await expect(page.getByTestId('session-row')).toHaveCount(2);
      await screenshot(page, 'security-sessions', `sessions-${lang}`, page.getByTestId('session-row').first());
      await expectAccessible(page);
      await page.goto('/notifications');
      await screenshot(page, 'security-sessions', `notifications-${lang}`, page.locator('.notice-item').first());
      await expectAccessible(page);
      await page.goto('/notificationSettings');
      await screenshot(page, 'security-sessions', `notification-settings-${lang}`, page.getByRole('switch').first());
      await expectAccessible(page);
      await page.goto('/');
      await screenshot(page, 'security-sessions', `home-bell-${lang}`, page.getByTestId('notification-bell'));
    } finally {
      await other.close();
    }
  });
}
