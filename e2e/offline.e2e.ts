import { expect, test } from '@playwright/test';
import { preparePhone } from './support/browser.js';

const OFFLINE = 'You are offline. Prices and balances will update when you are back online.';

test('offline, a reload shows the cached app with the offline notice; back online it goes', async ({ browser }) => {
  const context = await browser.newContext();
  await preparePhone(context, 'en');
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

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
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();

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
