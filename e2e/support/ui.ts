import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Types six digits on the app's own number pad, the way a phone user does. */
export async function typePasscode(page: Page, index: number, digits: string) {
  await page.locator('.adm-passcode-input').nth(index).click();
  await typeOnOpenKeyboard(page, digits);
}

/** Types on the number pad that is open now, then confirms it. */
export async function typeOnOpenKeyboard(page: Page, digits: string) {
  const keyboard = page.locator('.adm-number-keyboard:visible');
  await keyboard.waitFor({ state: 'visible' });
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
  await page.locator('.adm-number-keyboard:visible').waitFor({ state: 'detached' });
}

/**
 * A toast with this text appeared since the last check: read from the page's toast log (see
 * `recordToasts`), which this consumes, or, in a page without the log, on screen now.
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
  await expect.poll(seen, { timeout: 8_000 }).toContain(text);
}

export async function bodyText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}
