import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { api, createOperator, fund, setWithdrawCooldownHours } from './api.js';
import { type Account, DESKTOP, type Lang, preparePhone, signInViaApi, VIEWPORT } from './browser.js';
import { E2E_OWNER } from './server.js';

type Options = {
  /** The language the phone screens start in (stored under `lang` before the app loads). */
  lang: Lang;
  /** What the funded trader deposits (confirmed by the owner). */
  funds: string;
  /** The funded trader's payment password; null: none set. */
  payPassword: string | null;
  /** The operator's role; null: the owner the server was started with. */
  operatorRole: string | null;
  operatorViewport: { width: number; height: number };
};

export type Trader = Account & { payPassword: string | null };

type Fixtures = {
  /** Another phone: a fresh browser profile at 390x844 in a language, closed after the test. */
  newPhone: (lang?: Lang) => Promise<BrowserContext>;
  /** A new user, signed in on `page` (and every page of `context`). */
  user: Account;
  /** `user`, with `funds` USDT from a confirmed deposit and, when set, the payment password. */
  trader: Trader;
  /** The back office, signed in (through its login form) in a desktop-sized browser of its own. */
  operator: Page;
};

type WorkerFixtures = {
  /**
   * Issue 14: journeys bind a card or address and withdraw to it at once, so the suite's platform
   * cooldown is 0 h (set once per worker); address-cooldown.e2e.ts sets 24 h for its own journey.
   */
  withdrawCooldownOff: undefined;
};

/** Signs in to the back office through its login form and waits for the signed-in layout. */
export async function signInToBackOffice(page: Page, credentials: { username: string; password: string }) {
  await page.goto('/admin/');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.ant-layout-header').getByText(credentials.username, { exact: true })).toBeVisible();
  await expect(page.locator('.ant-menu').first()).toBeVisible();
}

export const test = base.extend<Options & Fixtures, WorkerFixtures>({
  withdrawCooldownOff: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern; it needs nothing
    async ({}, use) => {
      await setWithdrawCooldownHours(0);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],

  lang: ['en', { option: true }],
  funds: ['1000', { option: true }],
  payPassword: [null, { option: true }],
  operatorRole: [null, { option: true }],
  operatorViewport: [DESKTOP, { option: true }],

  // The test's own phone (`page` lives in it): in `lang`, with a log of its toasts.
  context: async ({ context, lang }, use) => {
    await preparePhone(context, lang);
    await use(context);
  },

  newPhone: async ({ browser, baseURL, timezoneId }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (lang = 'en') => {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        locale: 'en-US',
        // In the test's zone, like its own phone (`test.use({ timezoneId })`).
        ...(timezoneId ? { timezoneId } : {}),
        baseURL,
      });
      opened.push(context);
      await preparePhone(context, lang);
      return context;
    });
    for (const context of opened) await context.close();
  },

  user: async ({ context }, use) => {
    await use(await signInViaApi(context));
  },

  trader: async ({ user, funds, payPassword }, use) => {
    if (payPassword) {
      await api('POST', '/api/user/reset_paypwd', { password: user.password, newPayPassword: payPassword }, user.token);
    }
    await fund(user.token, funds);
    await use({ ...user, payPassword });
  },

  operator: async ({ browser, baseURL, operatorRole, operatorViewport }, use) => {
    const credentials = operatorRole ? await createOperator(operatorRole) : E2E_OWNER;
    const context = await browser.newContext({ viewport: operatorViewport, baseURL });
    const page = await context.newPage();
    await signInToBackOffice(page, credentials);
    await use(page);
    await context.close();
  },
});

export { expect };
