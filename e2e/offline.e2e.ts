import { expect, test } from '@playwright/test';
import { LANGS, preparePhone, screenshot } from './support/browser.js';
import { t } from './support/messages.js';

for (const lang of LANGS) {
  test(`offline, a reload shows the cached app with the offline notice; back online it goes (${lang})`, async ({
    browser,
  }) => {
    const OFFLINE = t(lang, 'common.offline');
    const logIn = t(lang, 'login.submit');
    const context = await browser.newContext();
    await preparePhone(context, lang);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: logIn, exact: true })).toBeVisible();

    // The worker is in control and holds every asset this page loaded (it is handed them after start).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const assets = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => new URL(name).pathname.startsWith('/assets/'));
          const cached = await Promise.all(assets.map((url) => caches.match(url)));
          return assets.length > 0 && cached.every(Boolean);
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: logIn, exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
    await screenshot(page, lang, 'offline-login', page.getByRole('status').filter({ hasText: OFFLINE }));

    // Balances and prices are never served from the worker's cache.
    const apiCached = await page.evaluate(async () => {
      const names = await caches.keys();
      const entries = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return entries.flat().filter((request) => new URL(request.url).pathname.startsWith('/api'));
    });
    expect(apiCached).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toBeHidden();
    await context.close();
  });
}
