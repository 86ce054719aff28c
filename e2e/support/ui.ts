import { expect, type Locator, type Page } from '@playwright/test';

/** Types six digits on the app's own number pad, the way a phone user does. */
export async function typePasscode(page: Page, index: number, digits: string) {
  await page.locator('.adm-passcode-input').nth(index).click();
  await typeOnOpenKeyboard(page, digits);
}

/**
 * Sets (or changes) the payment password on /txpassword or /resetTxpassword: the login password on
 * the page, then the six digits twice in the payment password sheet.
 */
export async function setPayPasswordOnScreen(page: Page, loginPassword: string, digits: string, submit: string) {
  await page.getByPlaceholder('Enter your login password').fill(loginPassword);
  await page.getByRole('button', { name: submit, exact: true }).click();
  await typePasscode(page, 0, digits);
  await expect(page.locator('.sheet')).toContainText('Enter the payment password again');
  await typePasscode(page, 0, digits);
}

/** Types on the number pad that is open now, then confirms it. */
export async function typeOnOpenKeyboard(page: Page, digits: string) {
  const keyboard = page.locator('.adm-number-keyboard:visible');
  await expect(keyboard).toBeVisible();
  for (const digit of digits) {
    await keyboard.locator('.adm-number-keyboard-key', { hasText: new RegExp(`^${digit}$`) }).click();
  }
  // The sixth digit may submit and close the pad on its own (then Confirm goes away mid-click).
  const confirm = keyboard.getByText('Confirm', { exact: true });
  if (await confirm.count()) {
    await confirm.click({ timeout: 3_000 }).catch(async (error) => {
      if (await keyboard.count()) throw error;
    });
  }
  await expect(keyboard).toHaveCount(0);
}

/**
 * A toast with this text appeared since the last check: read from the page's toast log (see
 * `recordToasts`), which this consumes, or, in a page without the log, on screen now. (A toast is on
 * screen for two seconds only, so this polls the log rather than asserting on the screen.)
 */
export async function expectToast(page: Page, text: string) {
  const seen = () =>
    page.evaluate((wanted) => {
      const log = (window as unknown as { __toasts?: string[] }).__toasts;
      const onScreen = [...document.querySelectorAll<HTMLElement>('.adm-toast-main')].map((toast) =>
        toast.innerText.trim(),
      );
      if (!log) return onScreen;
      const index = log.indexOf(wanted);
      if (index === -1) return [...log, ...onScreen];
      log.splice(0, index + 1);
      return [wanted];
    }, text);
  await expect.poll(seen, { message: `toast "${text}"` }).toContain(text);
}

/** The whole page, for "the screen says …" checks. */
export const body = (page: Page): Locator => page.locator('body');

/** The screen's title: every screen of the app has an h1 (the top bar's or the tab's heading). */
export const title = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('heading', { level: 1, name: text, exact: true });

/**
 * An antd-mobile popup (a sheet from the bottom, or a dialog) has come to rest. They move with JS
 * springs, which the screenshot's `animations: 'disabled'` cannot finish; the moving element takes
 * pointer events only once it has arrived, and the mask behind it ends fully opaque.
 * `popup`: the sheet (`.sheet`, the popup's body) or the dialog (`.adm-center-popup-wrap > div`).
 */
export async function expectPopupAtRest(popup: Locator) {
  await expect(popup).toBeVisible();
  await expect(popup).toHaveCSS('pointer-events', 'auto');
  await expect(popup.page().locator('.adm-mask').filter({ visible: true }).last()).toHaveCSS('opacity', '1');
}

/** No antd (back office) motion is running: drawers and modals have finished sliding or zooming in. */
export async function expectNoMotion(page: Page) {
  // Visible ones only: an element hidden mid-motion (a button's spinner in a closed drawer) keeps its class.
  const moving = page.locator('[class*="-enter-active"], [class*="-appear-active"], [class*="-leave-active"]');
  await expect(moving.filter({ visible: true })).toHaveCount(0);
}
