import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, LANGS, launch, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { E2E_OWNER } from './support/global-setup.js';

/** Every screen at 390x844 in the three languages, saved under artifacts/screens/<lang>/. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const SIGNED_OUT = ['/', '/login', '/reg', '/lang', '/hq', '/lc', '/kf', '/no-such-page'];
const SIGNED_IN = ['/', '/my', '/loginpassword', '/txpassword', '/resetTxpassword'];
const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1));

/** Texts that prove a screen is in the expected language (tab bar or titles). */
const MARKERS = { en: 'Mine', vn: 'Của tôi', zn: '我的' } as const;

for (const lang of LANGS) {
  test(`screens in ${lang}`, async () => {
    const signedOut = await phoneContext(browser, lang);
    const page = await signedOut.newPage();
    for (const path of SIGNED_OUT) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await screenshot(page, lang, `${fileName(path)}-signed-out`);
    }
    await page.goto('/');
    await expect.poll(() => page.locator('body').innerText()).toContain(MARKERS[lang]);
    await signedOut.close();

    const signedIn = await phoneContext(browser, lang);
    await signInViaApi(signedIn);
    const userPage = await signedIn.newPage();
    for (const path of SIGNED_IN) {
      await userPage.goto(path);
      await userPage.waitForLoadState('networkidle');
      expect(new URL(userPage.url()).pathname).toBe(path);
      await screenshot(userPage, lang, fileName(path));
    }
    // A form with its validation messages showing.
    await userPage.goto('/loginpassword');
    await userPage.locator('button[type=submit]').click();
    await screenshot(userPage, lang, 'loginpassword-errors');
    await signedIn.close();
  });
}

test('back-office screens', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/admin/');
  await screenshot(page, 'admin', 'login');
  await page.getByLabel('Username').fill(E2E_OWNER.username);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.ant-table-row').first().waitFor();
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await screenshot(page, 'admin', 'users');
  for (const [name, label] of [
    ['admins', 'Admins'],
    ['audit', 'Audit log'],
  ] as const) {
    await page.locator('.ant-menu').getByText(label).click();
    await page.locator('.ant-table-row').first().waitFor();
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'admin', name);
  }
  await context.close();
});
