import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, ownerToken } from './support/api.js';
import { LANGS, launch, newAccount, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { bodyText, expectToast } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const masked = (username: string) => `${username.slice(0, 2)}***${username.slice(-1)}`;

test('A copies the invite link; a friend signs up with it in a fresh browser; A sees them on the referral screen', async () => {
  // A, signed in, opens /yqhy and copies the link shown there.
  const contextA = await phoneContext(browser, 'en');
  await contextA.grantPermissions(['clipboard-read', 'clipboard-write']);
  const inviter = await signInViaApi(contextA, newAccount('inviter'));
  const pageA = await contextA.newPage();
  await pageA.goto('/yqhy');
  const linkText = pageA.getByTestId('invite-link');
  await linkText.waitFor();
  const link = (await linkText.innerText()).trim();
  const code = (await pageA.getByTestId('invite-code').innerText()).trim();
  expect(link).toMatch(new RegExp(`/reg\\?code=${code}$`));
  await pageA.getByRole('button', { name: 'Copy invitation link' }).click();
  await expectToast(pageA, 'Copy Successfully');
  expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await bodyText(pageA)).toContain('No friends yet');

  // The friend opens the link in a browser of their own: the code is filled in.
  const contextB = await phoneContext(browser, 'en');
  const pageB = await contextB.newPage();
  await pageB.goto(link);
  const friend = newAccount('friend');
  await expect.poll(() => pageB.getByPlaceholder('Enter the invitation code').inputValue()).toBe(code);
  await pageB.getByPlaceholder('4–18 letters and numbers').fill(friend.username);
  await pageB.getByPlaceholder('11 digits').fill(friend.phone);
  await pageB.getByPlaceholder('8–64 characters, not your username').fill(friend.password);
  await pageB.getByPlaceholder('Enter the password again').fill(friend.password);
  await pageB.getByRole('button', { name: 'Sign up' }).click();
  await pageB.waitForURL((url) => url.pathname === '/');

  // Their first deposit is approved: it qualifies A for level 2 (set-up through the API).
  const friendToken = await pageB.evaluate(() => window.localStorage.getItem('accessToken'));
  const deposit = await api<{ id: string }>(
    'POST',
    '/api/wallet/submit',
    { method: 'bank', amount: '100' },
    friendToken!,
  );
  await api('POST', `/api/admin/deposits/${deposit.id}/confirm`, {}, await ownerToken());
  await contextB.close();

  await pageA.reload();
  await expect.poll(() => bodyText(pageA)).toContain(masked(friend.username));
  const text = await bodyText(pageA);
  expect(text).not.toContain(friend.username);
  expect(text).toContain('Deposited');
  await expect.poll(() => pageA.getByTestId('invite-level').innerText()).toBe('Lv.2');
  await contextA.close();

  // The screen in each language, as the inviter sees it.
  for (const lang of LANGS) {
    const context = await phoneContext(browser, lang);
    await context.addInitScript((token) => window.localStorage.setItem('accessToken', token), inviter.token);
    const page = await context.newPage();
    await page.goto('/yqhy');
    await page.getByTestId('invite-link').waitFor();
    await page.getByText(masked(friend.username)).waitFor();
    await screenshot(page, lang, 'invite');
    await page.locator('.level-table').scrollIntoViewIfNeeded();
    await screenshot(page, lang, 'invite-levels');
    await context.close();
  }
}, 60_000);
