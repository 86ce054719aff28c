import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, bindCard } from './support/api.js';
import { newAccount, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { baseUrl } from './support/server.js';
import { expectNoMotion, expectToast } from './support/ui.js';

/**
 * Issue 14 in the back office: an operator opens a user's drawer and reads their security and
 * responsible-trading state — sessions and sign-ins, two-factor, passkeys, withdrawal destinations,
 * and the user's own limits and cool-off, which no control in the drawer changes.
 */

const PAY = '246802';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

// The passkey is registered on the phone, and its relying party is a domain name, never an address.
test.use({ baseURL: baseUrl().replace('127.0.0.1', 'localhost') });

/** A sign-in from an Android phone (its own session), or a wrong password: both in the history. */
async function signInFromAndroid(username: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ANDROID_UA, 'accept-language': 'en' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as { code: number }).code;
}

/** Account → Passkeys → Add on the phone, answered by Chromium's virtual authenticator. */
async function addPasskeyOnPhone(page: Page, token: string, password: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signInWithToken(page.context(), token);
  await page.goto('/passkeys');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Name', { exact: true }).fill('This phone');
  await page.getByLabel('Login password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Passkey added');
  await expect(page.getByTestId('passkey-row')).toContainText('This phone');
}

test('an operator reads a user’s sessions, second factors, destinations and cool-off, and cannot change the cool-off', async ({
  page,
  operator,
}) => {
  // The user's state, set up as the user would: through the user API and the phone.
  const account = newAccount('bosec');
  const { token } = await api<{ token: string }>('POST', '/api/user/register', account);
  await api('POST', '/api/user/reset_paypwd', { password: account.password, newPayPassword: PAY }, token);
  // Destinations first: with a second factor on, binding one asks for it.
  await bindCard(token, PAY);
  const address = tronAddressFromBytes(randomBytes(20));
  await api('POST', '/api/user/save_wallet', { address, label: 'Cold wallet', payPassword: PAY }, token);
  expect(await signInFromAndroid(account.username, 'not-the-password-1')).not.toBe(0);
  expect(await signInFromAndroid(account.username, account.password)).toBe(0);
  await api('POST', '/api/user/responsible/limits', { limits: { depositDay: '500', lossWeek: '200' } }, token);
  await api('POST', '/api/user/responsible/reality_check', { minutes: 15 }, token);
  await api(
    'POST',
    '/api/user/responsible/exclude',
    { period: { kind: 'cool_off', days: 1 }, password: account.password },
    token,
  );
  await addPasskeyOnPhone(page, token, account.password);
  const setup = await api<{ secret: string }>('POST', '/api/user/two_factor/setup', {}, token);
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 }).generate();
  await api('POST', '/api/user/two_factor/enable', { code, password: account.password }, token);

  // The operator finds the user and opens the drawer.
  await operator.getByPlaceholder('Username, phone or invite code').fill(account.username);
  await operator.getByPlaceholder('Username, phone or invite code').press('Enter');
  await operator.locator('.ant-table-row', { hasText: account.username }).getByText(account.username).click();
  const drawer = operator.getByRole('dialog', { name: `User ${account.username}` });
  await expect(drawer).toBeVisible();
  await expectNoMotion(operator);
  /** A line of the drawer's tables, by its header: its value cell. */
  const value = (label: string | RegExp) =>
    drawer
      .getByRole('row')
      .filter({ has: operator.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell');

  // Two-factor on with its ten recovery codes (never the secret), one passkey.
  const twoFactor = value('Two-factor (TOTP)');
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  await expect(twoFactor).toContainText('10 recovery codes left');
  await expect(drawer).not.toContainText(setup.secret);
  await expect(value('Passkeys')).toHaveText('1');

  // Where money may go: the card and the labelled address, usable (the suite's cooldown is 0 h).
  await expect(value('Bank card')).toContainText('Vietcombank **** **** **** 5678');
  await expect(value('Bank card')).toContainText('usable');
  const wallet = value('TRC20 · Cold wallet');
  await expect(wallet).toContainText(address);
  await expect(wallet).toContainText('usable');

  // Signed-in devices: the registration's and the Android phone's; the history has both attempts.
  const tableWith = (column: string) =>
    drawer
      .getByRole('table')
      .filter({ has: operator.getByRole('columnheader', { name: column, exact: true }) })
      .getByRole('row')
      .filter({ has: operator.getByRole('cell') });
  const devices = tableWith('Last active');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'Phone · Chrome 120 · Android 14' })).toHaveCount(1);
  const history = tableWith('Result');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('Signed in');
  await expect(history.first()).toContainText('Phone · Chrome 120 · Android 14');
  await expect(history.last()).toContainText('Wrong password');
  await screenshot(operator, 'admin', 'user-drawer-security', [twoFactor, wallet]);

  // The user's own limits and cool-off: shown, and nothing in that section edits them.
  const heading = drawer.getByRole('separator').filter({ hasText: 'Responsible trading (set by the user, read-only)' });
  await heading.scrollIntoViewIfNeeded();
  const coolOff = drawer.getByRole('alert');
  await expect(coolOff).toContainText(/^Cool-off until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  await expect(coolOff).toContainText('It cannot be lifted early.');
  await expect(value('daily deposit limit')).toHaveText('500 USDT');
  await expect(value('weekly loss limit')).toHaveText('200 USDT');
  await expect(value('daily loss limit')).toHaveText('none');
  await expect(value('Reality check')).toHaveText('every 15 min');
  // The section is the drawer's last: everything after its heading, the cool-off and the limits.
  const section = heading.locator('xpath=following-sibling::*');
  await expect(section).toHaveCount(2);
  await expect(
    section.locator('button, a, input, select, textarea, [role="switch"], [role="checkbox"], [contenteditable="true"]'),
  ).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: /lift|exclusion|cool-off|limit/i })).toHaveCount(0);
  await screenshot(operator, 'admin', 'user-drawer-responsible', [heading, coolOff]);
});
