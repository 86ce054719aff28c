import { randomBytes } from 'node:crypto';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, balances, ownerToken, setWithdrawCooldownHours, verifyIdentity } from './support/api.js';
import { LANGS, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { body, expectToast, title, typeOnOpenKeyboard, typePasscode } from './support/ui.js';

/**
 * Issue 14, "where money may go": an address bound a moment ago cannot receive money for the
 * platform's cooldown (24 h here, as in production; the rest of the suite runs with 0 h).
 */
const PAY = '135790';
test.use({ payPassword: PAY, funds: '500' });

test.beforeAll(() => setWithdrawCooldownHours(24));
test.afterAll(() => setWithdrawCooldownHours(0));

/** The server's words for the moment, as its refusal writes it (UTC, to the minute). */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

test('a freshly bound address: the withdraw screen shows the time left, the request is refused, nothing moves', async ({
  page,
  trader,
  newPhone,
}) => {
  await verifyIdentity(trader.token, await ownerToken(), trader.username);

  // Bind an address on the screen, with the payment password.
  await page.goto('/bindWallet');
  const address = tronAddressFromBytes(randomBytes(20));
  await page.getByPlaceholder('Starts with T, 34 characters').fill(address);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.locator('.sheet')).toContainText(address);
  await typePasscode(page, 0, PAY);
  await expectToast(page, 'Added Successfully');
  const [bound] = await api<{ usableAt: string | null }[]>('POST', '/api/user/getUserWallets', {}, trader.token);
  expect(bound?.usableAt).toBeTruthy();

  // The withdraw screen: the time left and the moment it becomes usable; the protection is on.
  await page.goto('/withdraw');
  await page.getByRole('button', { name: 'USDT (TRC20)' }).click();
  await expect(body(page)).toContainText(address);
  const notice = page.getByRole('status').filter({ hasText: 'Bound recently' });
  await expect(notice).toContainText(/it can receive withdrawals in 2[34]\sh \d+\smin\./);
  await expect(notice).toContainText('Usable from');
  await expect(page.getByRole('switch', { name: 'Withdrawal protection' })).toBeChecked();
  await expect(body(page)).toContainText('Your password or verification changed recently: this can be turned off from');

  // The request is refused with the moment it becomes usable; no money moves.
  await page.getByPlaceholder(/Minimum/).fill('100');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await typeOnOpenKeyboard(page, PAY);
  const submit = page.getByRole('button', { name: 'Confirm withdrawal' });
  if (await submit.isVisible()) await submit.click();
  await expectToast(
    page,
    `This card or address was bound recently and can receive withdrawals from ${utc(bound!.usableAt!)}`,
  );
  await expect(page).toHaveURL(/\/withdraw$/);
  expect(await balances(trader.token)).toMatchObject({ available: '500', frozen: '0' });

  // Removing it is immediate: the address is gone from the list (binding it again would wait anew).
  await page.goto('/bindWallet');
  await page.getByRole('button', { name: `Remove address ${address}` }).click();
  await expect(page.locator('.sheet')).toContainText('Removing is immediate');
  await screenshot(page, 'en', 'bind-wallet-remove', page.getByRole('heading', { name: 'Remove this address' }));
  await typeOnOpenKeyboard(page, PAY);
  await expectToast(page, 'Address removed');
  await expect(body(page)).toContainText('No address bound yet');
  expect(await api<unknown[]>('POST', '/api/user/getUserWallets', {}, trader.token)).toEqual([]);

  // The withdraw screen in each language, looked at (with the address bound again, through the API).
  await api('POST', '/api/user/save_wallet', { address, payPassword: PAY }, trader.token);
  for (const lang of LANGS) {
    const phone = lang === 'en' ? page : await (await newPhone(lang)).newPage();
    if (lang !== 'en') await signInWithToken(phone.context(), trader.token);
    // Afresh, without the refusal's toast over it.
    await phone.goto('/withdraw');
    await phone.getByRole('button', { name: t(lang, 'withdraw.methodTrc20') }).click();
    const langNotice = phone
      .getByRole('status')
      .filter({ hasText: t(lang, 'withdrawGuard.usableFrom', { time: '' }).trim() });
    await expect(langNotice).toBeVisible();
    await screenshot(phone, lang, 'withdraw-address-cooldown', [title(phone, t(lang, 'withdraw.title')), langNotice]);
    const protection = phone.locator('.withdraw-protection');
    await protection.scrollIntoViewIfNeeded();
    await screenshot(phone, lang, 'withdraw-protection', [
      protection.getByRole('switch', { name: t(lang, 'withdrawGuard.title') }),
      protection.getByText(t(lang, 'withdrawGuard.onHint', { hours: '24' })),
    ]);
    if (lang !== 'en') {
      // The removal sheet (looked at in English above), not sent.
      await phone.goto('/bindWallet');
      await phone.getByRole('button', { name: t(lang, 'withdrawGuard.removeLabel', { address }) }).click();
      await screenshot(
        phone,
        lang,
        'bind-wallet-remove',
        phone.getByRole('heading', { name: t(lang, 'withdrawGuard.removeTitle') }),
      );
    }
  }
});
