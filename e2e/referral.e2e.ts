import { fund } from './support/api.js';
import { LANGS, newAccount, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { body, expectToast, title } from './support/ui.js';

const masked = (username: string) => `${username.slice(0, 2)}***${username.slice(-1)}`;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('A copies the invite link; a friend signs up with it in a fresh browser; A sees them on the referral screen', async ({
  page: pageA,
  user: inviter,
  newPhone,
}) => {
  // A, signed in, opens /yqhy and copies the link shown there.
  await pageA.goto('/yqhy');
  const linkText = pageA.getByTestId('invite-link');
  const code = pageA.getByTestId('invite-code');
  await expect(code).toHaveText(/\S/);
  await expect(linkText).toHaveText(new RegExp(`/reg\\?code=${(await code.innerText()).trim()}$`));
  const link = (await linkText.innerText()).trim();
  await pageA.getByRole('button', { name: 'Copy invitation link' }).click();
  await expectToast(pageA, 'Copy Successfully');
  expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(body(pageA)).toContainText('No friends yet');

  // The friend opens the link in a browser of their own: the code is filled in.
  const pageB = await (await newPhone('en')).newPage();
  await pageB.goto(link);
  const friend = newAccount('friend');
  await expect(pageB.getByPlaceholder('Enter the invitation code')).toHaveValue((await code.innerText()).trim());
  await pageB.getByPlaceholder('4–18 letters and numbers').fill(friend.username);
  await pageB.getByPlaceholder('11 digits').fill(friend.phone);
  await pageB.getByPlaceholder('8–64 characters, not your username').fill(friend.password);
  await pageB.getByPlaceholder('Enter the password again').fill(friend.password);
  await pageB.getByRole('button', { name: 'Sign up' }).click();
  await expect(pageB).toHaveURL((url) => url.pathname === '/');

  // Their first deposit is approved: it qualifies A for level 2 (set-up through the API).
  const friendToken = await pageB.evaluate(() => window.localStorage.getItem('accessToken'));
  await fund(friendToken!, '100');

  await pageA.reload();
  await expect(body(pageA)).toContainText(masked(friend.username));
  await expect(body(pageA)).not.toContainText(friend.username);
  await expect(body(pageA)).toContainText('Deposited');
  await expect(pageA.getByTestId('invite-level')).toHaveText('Lv.2');

  // The screen in each language, as the inviter sees it.
  for (const lang of LANGS) {
    const context = await newPhone(lang);
    await signInWithToken(context, inviter.token);
    const page = await context.newPage();
    await page.goto('/yqhy');
    await screenshot(page, lang, 'invite', [
      title(page, t(lang, 'invite.title')),
      page.getByTestId('invite-link'),
      page.getByText(masked(friend.username)),
      page.getByTestId('invite-level'),
    ]);
    await page.locator('.level-table').scrollIntoViewIfNeeded();
    await expect(page.locator('.level-table')).toBeInViewport();
    await screenshot(page, lang, 'invite-levels', page.locator('.level-table'));
  }
});
