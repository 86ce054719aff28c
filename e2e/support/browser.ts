import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const VIEWPORT = { width: 390, height: 844 };
export const LANGS = ['en', 'vn', 'zn'] as const;
export type Lang = (typeof LANGS)[number];

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_ARGS });
}

/** A phone-sized context with the app's language preset in storage (key `lang`). */
export async function phoneContext(browser: Browser, lang: Lang = 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    baseURL: baseUrl(),
    locale: 'en-US',
  });
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', value);
  }, lang);
  await context.addInitScript(recordToasts);
  return context;
}

/**
 * Runs in the page: keeps the text of every toast that appears in `window.__toasts`. A toast lives
 * two seconds; a busy machine can spend longer between the tap and the check, so the check reads
 * this log rather than only what is on screen at that moment.
 */
function recordToasts() {
  const log: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = log;
  const seen = new WeakSet<Element>();
  const observer = new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.adm-toast-main')) {
      if (seen.has(toast)) continue;
      seen.add(toast);
      log.push((toast as HTMLElement).innerText.trim());
    }
  });
  const start = () => observer.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/** Saves what the screen shows (the 390x844 viewport) to artifacts/screens/<lang>/<name>.png. */
export async function screenshot(page: Page, lang: string, name: string): Promise<void> {
  const dir = path.resolve('artifacts', 'screens', lang);
  mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

let counter = 0;
/** A unique, valid username and phone for a new account. */
export function newAccount(prefix = 'e2e') {
  counter += 1;
  const stamp = `${Date.now() % 1e7}${counter}`;
  return {
    username: `${prefix}${stamp}`.slice(0, 18),
    phone: `13${stamp.padStart(9, '0')}`.slice(0, 11),
    password: 'e2e-password-1',
  };
}

/** Registers through the API (for screens that only need a signed-in user) and stores the token. */
export async function signInViaApi(context: BrowserContext, account = newAccount()) {
  const response = await fetch(`${baseUrl()}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`register failed: ${JSON.stringify(body)}`);
  await context.addInitScript((token) => window.localStorage.setItem('accessToken', token), body.data.token);
  return { ...account, token: body.data.token };
}
