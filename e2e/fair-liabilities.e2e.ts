import { api } from './support/api.js';
import { LANGS, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { num, t } from './support/messages.js';
import { title } from './support/ui.js';

const CHECKS = ['shape', 'leaf_hash', 'path_fits_tree', 'root_hash', 'root_sum', 'published_root'];

test('proof of liabilities: from the wallet to the screen, where every check passes in the browser, in three languages', async ({
  page,
  trader,
  newPhone,
}) => {
  // The suite's server builds a tree every minute (FAIR_LIABILITIES_EVERY_SECONDS, support/server.ts):
  // wait for the first one taken after this user's deposit (the state, polled; at most one interval).
  test.setTimeout(180_000);
  await expect
    .poll(
      () =>
        api<{ leaf: { balanceMinor: string } }>('POST', '/api/fair/liability_proof', {}, trader.token).then(
          (proof) => proof.leaf.balanceMinor,
          () => null,
        ),
      { timeout: 100_000, intervals: [1_000] },
    )
    .toBe('1000000000');

  await page.goto('/wallet');
  await page.getByRole('link', { name: t('en', 'wallet.proofOfLiabilities') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/liabilities');
  await expect(title(page, t('en', 'liabilities.title'))).toBeVisible();
  await expect(page.getByText(t('en', 'liabilities.allPassed'))).toBeVisible();
  for (const name of CHECKS) await expect(page.getByTestId(`check-${name}`)).toHaveClass(/liabilities-check--ok/);
  await expect(page.getByTestId('liability-balance')).toHaveText('1,000 USDT');

  // The proof downloads as the script takes it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('en', 'liabilities.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vela-liability-proof-.+\.json$/);

  for (const lang of LANGS) {
    const context = await newPhone(lang);
    await signInWithToken(context, trader.token);
    const phone = await context.newPage();
    await phone.goto('/liabilities');
    await expect(phone.getByText(t(lang, 'liabilities.allPassed'))).toBeVisible();
    await expect(phone.getByTestId('liability-balance')).toHaveText(`${num(lang, '1,000')} USDT`);
    await screenshot(phone, 'liabilities', `proof-${lang}`, phone.getByTestId('check-published_root'));
  }
});
