import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, createOperator } from './support/api.js';
import { baseUrl, LANGS, launch, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { bodyText } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** A phone context already signed in with this token, in this language. */
async function signedInContext(lang: (typeof LANGS)[number], token: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, lang);
  await context.addInitScript((value) => window.localStorage.setItem('accessToken', value), token);
  return context;
}

test('a user writes on /kf, an operator answers from the inbox, and the reply arrives live', async () => {
  const context = await phoneContext(browser, 'en');
  const account = await signInViaApi(context);
  const page = await context.newPage();
  await page.goto('/kf');
  await page.getByText('Hello! How can we help?').waitFor();

  const question = `Where is my deposit? ${Date.now() % 10_000}`;
  await page.getByLabel('Type a message').fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.chat__row--mine', { hasText: question }).waitFor();

  // The operator signs in to the back office and finds the conversation in the inbox.
  const operator = await createOperator('support');
  const login = await api<{ token: string }>('POST', '/api/admin/auth/login', operator);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
  await desk.addInitScript((token) => window.localStorage.setItem('adminToken', token), login.token);
  const office = await desk.newPage();
  await office.goto('/admin/support');
  const row = office.getByTestId('support-conversation').filter({ hasText: account.username });
  await row.waitFor({ timeout: 10_000 });
  await row.click();
  await office.getByText(question).first().waitFor();

  const answer = 'It was confirmed a minute ago, please check your balance.';
  await office.getByLabel('Write a reply (Enter sends, Shift+Enter for a new line)').fill(answer);
  await office.getByRole('button', { name: 'Send', exact: true }).click();
  await office.locator('[data-testid="support-message"]', { hasText: answer }).waitFor();

  // No reload on the phone: the answer comes over the socket.
  await page.locator('.chat__row--theirs', { hasText: answer }).waitFor({ timeout: 10_000 });
  await screenshot(page, 'en', 'kf');

  // And the other way: the user's next message appears in the open conversation without a reload.
  await office.getByText('Live updates are reconnecting').waitFor({ state: 'detached', timeout: 10_000 });
  await page.getByLabel('Type a message').fill('Found it, thank you!');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await office.locator('[data-testid="support-message"]', { hasText: 'Found it, thank you!' }).waitFor({
    timeout: 10_000,
  });
  await screenshot(office, 'admin', 'support-inbox');

  // Away from the chat, a new answer shows as a badge on the support tab.
  await page.getByText('Markets', { exact: true }).click();
  await page.waitForURL('**/hq');
  await office.getByLabel('Write a reply (Enter sends, Shift+Enter for a new line)').fill('You are welcome!');
  await office.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.tabbar .adm-badge', { hasText: '1' }).waitFor({ timeout: 10_000 });
  await page.getByText('Support', { exact: true }).click();
  await page.locator('.chat__row--theirs', { hasText: 'You are welcome!' }).waitFor();
  await page.locator('.tabbar .adm-badge').waitFor({ state: 'detached', timeout: 10_000 });

  // The conversation persisted: the same chat in the other languages.
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    const other = await signedInContext(lang, account.token);
    const view = await other.newPage();
    await view.goto('/kf');
    await expect.poll(() => bodyText(view)).toContain(answer);
    await screenshot(view, lang, 'kf');
    await other.close();
  }
  await desk.close();
  await context.close();

  // Signed out, the chat opens for a visitor.
  const visitor = await phoneContext(browser, 'en');
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/kf');
  await visitorPage.getByText('Hello! How can we help?').waitFor();
  await screenshot(visitorPage, 'en', 'kf-signed-out');
  await visitor.close();
}, 60_000);
