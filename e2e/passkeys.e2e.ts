import type { CDPSession, Page } from '@playwright/test';
import { api, balances, moneyUser } from './support/api.js';
import { LANGS, type Lang, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { baseUrl } from './support/server.js';
import { expectToast, typeOnOpenKeyboard } from './support/ui.js';

const PAY = '246802';

// A passkey's relying party is a domain name, never an address: the phone opens the app at
// localhost (the same server), which is also a secure context for WebAuthn.
test.use({ baseURL: baseUrl().replace('127.0.0.1', 'localhost') });

/**
 * Chromium's virtual authenticator (CDP): a platform authenticator that keeps discoverable
 * credentials, verifies the user and answers every prompt at once, as a phone's fingerprint would.
 */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Account → Passkeys → Add: the name, the login password, and the authenticator's answer. */
async function addPasskeyOnScreen(page: Page, lang: Lang, name: string, password: string) {
  await page.getByRole('button', { name: t(lang, 'passkeys.add') }).click();
  await page.getByLabel(t(lang, 'passkeys.name'), { exact: true }).fill(name);
  await page.getByLabel(t(lang, 'common.loginPassword'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'passkeys.addSubmit') }).click();
  await expectToast(page, t(lang, 'passkeys.added'));
  await expect(page.getByTestId('passkey-row').filter({ hasText: name })).toBeVisible();
}

test('register a passkey, sign out, sign in with it, withdraw confirmed with it', async ({ page }) => {
  const account = await moneyUser('pk', PAY);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  // Sign in on the phone with the password (no passkey yet).
  await page.goto('/login');
  await page.getByLabel('Username or phone').fill(account.username);
  await page.getByPlaceholder('Enter your password').fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Account → Passkeys → add one, named.
  await page.goto('/my');
  await page.locator('.menu__row', { hasText: 'Passkeys' }).click();
  await expect(page).toHaveURL(/\/passkeys$/);
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await addPasskeyOnScreen(page, 'en', 'This phone', account.password);
  await expect(page.getByTestId('passkey-row')).toContainText('Never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Sign out.
  await page.goto('/my');
  await page.getByText('Log out', { exact: true }).click();
  await page.locator('.adm-dialog').getByText('Log out', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // Sign in with the passkey: no username, no password.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Successful Login,Going To Home Page');
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(token).not.toBe(account.token);
  const history = await api<{ list: { outcome: string }[] }>(
    'POST',
    '/api/user/login_history',
    { page: 1, pageSize: 5 },
    token,
  );
  expect(history.list[0]?.outcome).toBe('success');

  // Withdraw: the payment password, then the passkey instead of a code, in the same sheet.
  await page.goto('/withdraw');
  // The bound card is read first (the button checks it).
  await expect(page.getByText('**** **** **** 5678')).toBeVisible();
  await page.getByPlaceholder(/Minimum/).fill('100');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await typeOnOpenKeyboard(page, PAY);
  const usePasskey = page.locator('.sheet').getByRole('button', { name: 'Use passkey' });
  await expect(usePasskey).toBeVisible();
  await usePasskey.click();
  await expectToast(page, 'Withdrawal request submitted');
  await expect(page).toHaveURL(/\/withdrawrecord/);
  expect(await balances(token)).toMatchObject({ available: '400', frozen: '100' });

  // The passkey's list shows it was used.
  await page.goto('/passkeys');
  await expect(page.getByTestId('passkey-row')).toContainText('Last used');
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThanOrEqual(2);

  // Rename it: the new name is the one kept.
  const row = page.getByTestId('passkey-row');
  await row.getByRole('button', { name: 'Rename' }).click();
  const renameForm = row.getByRole('form', { name: 'Rename passkey' });
  await expect(renameForm.getByLabel('Name', { exact: true })).toHaveValue('This phone');
  await renameForm.getByLabel('Name', { exact: true }).fill('Work phone');
  await renameForm.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Passkey renamed');
  await expect(renameForm).toHaveCount(0);
  await expect(row).toContainText('Work phone');
  await page.reload();
  await expect(page.getByTestId('passkey-row')).toContainText('Work phone');
  await expect(page.getByTestId('passkey-row')).not.toContainText('This phone');
  const { list } = await api<{ list: { name: string }[] }>('POST', '/api/user/passkeys/list', {}, token);
  expect(list.map((passkey) => passkey.name)).toEqual(['Work phone']);
});

const PHONE_NAME: Record<Lang, string> = { en: 'My phone', vn: 'Điện thoại của tôi', zn: '我的手機' };

for (const lang of LANGS) {
  test(`the passkey screens in ${lang}`, async ({ newPhone }) => {
    const account = await moneyUser('pkl', PAY);
    const phone = await newPhone(lang);
    const page = await phone.newPage();
    await addVirtualAuthenticator(page);
    await signInWithToken(phone, account.token);
    await page.goto('/passkeys');
    await page.getByRole('button', { name: t(lang, 'passkeys.add') }).click();
    await screenshot(page, lang, 'passkeys-add', page.getByLabel(t(lang, 'common.loginPassword'), { exact: true }));
    await page.getByRole('button', { name: t(lang, 'common.cancel') }).click();
    await addPasskeyOnScreen(page, lang, PHONE_NAME[lang], account.password);
    await expect(page.locator('.adm-toast-main')).toHaveCount(0);
    await screenshot(page, lang, 'passkeys-list', page.getByTestId('passkey-row'));
    await page
      .getByTestId('passkey-row')
      .getByRole('button', { name: t(lang, 'passkeys.remove') })
      .click();
    await screenshot(page, lang, 'passkeys-remove', page.getByLabel(t(lang, 'common.loginPassword'), { exact: true }));

    // The payment password sheet offers the passkey.
    await page.goto('/withdraw');
    await expect(page.getByText('**** **** **** 5678')).toBeVisible();
    await page.getByLabel(t(lang, 'withdraw.amount'), { exact: true }).fill('50');
    await page.getByRole('button', { name: t(lang, 'withdraw.confirm'), exact: true }).click();
    await typeOnOpenKeyboard(page, PAY);
    const usePasskey = page.locator('.sheet').getByRole('button', { name: t(lang, 'passkeys.sheetUse') });
    await screenshot(page, lang, 'passkeys-sheet', usePasskey);

    // The login page's button, on a phone that is signed out.
    const signedOut = await (await newPhone(lang)).newPage();
    await signedOut.goto('/login');
    await screenshot(
      signedOut,
      lang,
      'passkeys-login',
      signedOut.getByRole('button', { name: t(lang, 'passkeyPrompt.signIn') }),
    );
  });
}
