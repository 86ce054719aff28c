// Throwaway: screenshots of the screens the a11y work changed (not committed).
import { LANGS } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { fund } from './support/api.js';

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });
    test(`a11y shots ${lang}`, async ({ page, user }) => {
      test.setTimeout(240_000);
      await fund(user.token, '1000');
      for (const path of ['/', '/hq', '/xq?symbol=XAUUSD', '/trade?symbol=XAUUSD&direction=up', '/lc', '/lcorders', '/wallet', '/runningwater', '/yqhy', '/recharge', '/my']) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"], .skeleton, .spinner').filter({ visible: true })).toHaveCount(0);
        const name = path === '/' ? 'home' : path.slice(1).replace(/[?&=]/g, '_');
        await page.screenshot({ path: `artifacts/screens/a11y/${lang}-${name}.png`, animations: 'disabled' });
      }
    });
  });
}
