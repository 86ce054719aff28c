import { Secret, TOTP } from 'otpauth';
import { api, balances, moneyUser } from './support/api.js';
import { LANGS, newAccount, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { body, expectToast, typeOnOpenKeyboard } from './support/ui.js';

const PAY = '246802';
const STEP_MS = 30_000;

/**
 * What the user's authenticator app does, from the key the setup screen shows. Each code is of a
 * later time step than the one before (a code is accepted once). The server accepts a code of the
 * step before now, now or the step after: the code given is the earliest unused step that it will
 * still accept for at least MARGIN_MS (the time the screen takes to send it, on a loaded machine),
 * so the journey rarely waits for the clock, and a code never expires on its way.
 */
const MARGIN_MS = 20_000;
function authenticatorApp(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    async nextCode(): Promise<string> {
      const now = () => Math.floor(Date.now() / STEP_MS);
      // Accepted until the end of step + 1.
      const step = Math.max(lastStep + 1, Math.ceil((Date.now() + MARGIN_MS) / STEP_MS) - 2);
      // Accepted from step - 1 on: only when codes were used faster than the steps came.
      await expect.poll(now, { timeout: 45_000 }).toBeGreaterThanOrEqual(step - 1);
      lastStep = step;
      return totp.generate({ timestamp: step * STEP_MS });
    },
  };
}

test('set up two-factor, sign out, sign in with a code, withdraw with a code', async ({ page }) => {
  // A verified, funded user with a payment password and a card, made through the API.
  const account = await moneyUser('totp', PAY);

  // Sign in on the phone (no second factor yet: the password alone).
  await page.goto('/login');
  await page.getByLabel('Username or phone').fill(account.username);
  await page.getByPlaceholder('Enter your password').fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Account → Two-factor authentication → Set up.
  await page.goto('/my');
  await page.getByText('Two-factor authentication', { exact: true }).click();
  await expect(page).toHaveURL(/\/twofactor$/);
  await page.getByRole('button', { name: 'Set up' }).click();
  const secretText = page.getByTestId('two-factor-secret');
  await expect(secretText).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await screenshot(page, 'two-factor', '01-setup', [
    page.getByRole('img', { name: 'QR code to add Vela to your authenticator app' }),
    secretText,
  ]);
  const app = authenticatorApp(((await secretText.textContent()) ?? '').replace(/\s/g, ''));
  await page.getByLabel('Code', { exact: true }).fill(await app.nextCode());
  // Turning it on asks the login password again: a session alone enrols no authenticator.
  await page.getByLabel('Login password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Turn on' }).click();

  // Ten recovery codes, once.
  await expect(page.getByText('Your recovery codes')).toBeVisible();
  await expect(page.locator('.two-factor__code-list li')).toHaveCount(10);
  await expect(body(page)).toContainText('On since');
  await screenshot(page, 'two-factor', '02-recovery-codes', page.getByRole('button', { name: 'I have saved them' }));
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(body(page)).toContainText('Recovery codes left: 10');
  await expect(page.getByTestId('two-factor-secret')).toHaveCount(0);

  // Sign out.
  await page.goto('/my');
  await expect(page.locator('.menu__row', { hasText: 'Two-factor authentication' })).toContainText('On');
  await page.getByText('Log out', { exact: true }).click();
  await page.locator('.adm-dialog').getByText('Log out', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);

  // Sign in: the password, then the code.
  await page.getByLabel('Username or phone').fill(account.username);
  await page.getByPlaceholder('Enter your password').fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await screenshot(page, 'two-factor', '03-login-code', page.getByLabel('Verification code'));
  await page.getByLabel('Verification code').fill(await app.nextCode());
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expectToast(page, 'Successful Login,Going To Home Page');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Withdraw: the payment password, then the code, in the same sheet.
  await page.goto('/withdraw');
  await page.getByPlaceholder(/Minimum/).fill('100');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await typeOnOpenKeyboard(page, PAY);
  await expect(page.locator('.sheet')).toContainText('Authenticator code (6 digits)');
  await screenshot(page, 'two-factor', '04-withdraw-code', page.getByText('Authenticator code (6 digits)'));
  await page.locator('.sheet .adm-passcode-input').click();
  await typeOnOpenKeyboard(page, await app.nextCode());
  await expectToast(page, 'Withdrawal request submitted');
  await expect(page).toHaveURL(/\/withdrawrecord/);
  const newToken = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  expect(await balances(newToken)).toMatchObject({ available: '400', frozen: '100' });
});

for (const lang of LANGS) {
  test(`the two-factor screens in ${lang}`, async ({ newPhone }) => {
    const phone = await newPhone(lang);
    const page = await phone.newPage();
    const account = newAccount('totpl');
    const { token } = await api<{ token: string }>('POST', '/api/user/register', account);
    await signInWithToken(phone, token);
    await page.goto('/twofactor');
    await page.getByRole('button', { name: t(lang, 'twoFactor.start') }).click();
    const secretText = page.getByTestId('two-factor-secret');
    await screenshot(page, lang, 'two-factor-setup', [
      page.getByRole('img', { name: t(lang, 'twoFactor.qrLabel') }),
      secretText,
    ]);
    const app = authenticatorApp(((await secretText.textContent()) ?? '').replace(/\s/g, ''));
    await page.getByLabel(t(lang, 'twoFactor.code'), { exact: true }).fill(await app.nextCode());
    await page.getByLabel(t(lang, 'common.loginPassword'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: t(lang, 'twoFactor.confirm') }).click();
    await screenshot(
      page,
      lang,
      'two-factor-recovery-codes',
      page.getByRole('button', { name: t(lang, 'twoFactor.saved') }),
    );
    await page.getByRole('button', { name: t(lang, 'twoFactor.saved') }).click();
    await screenshot(page, lang, 'two-factor-on', page.getByRole('button', { name: t(lang, 'twoFactor.disable') }));

    // The login's second step, on a phone that is signed out.
    const signedOut = await (await newPhone(lang)).newPage();
    await signedOut.goto('/login');
    await signedOut.getByPlaceholder(t(lang, 'login.accountPlaceholder')).fill(account.username);
    await signedOut.getByPlaceholder(t(lang, 'login.passwordPlaceholder')).fill(account.password);
    await signedOut.getByRole('button', { name: t(lang, 'login.submit'), exact: true }).click();
    await screenshot(signedOut, lang, 'two-factor-login', signedOut.getByLabel(t(lang, 'login.twoFactor.code')));
  });
}
