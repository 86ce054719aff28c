import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { baseUrl } from './server.js';

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
/** The back office is a desktop app. */
export const DESKTOP = { width: 1280, height: 800 };
export const LANGS = ['en', 'vn', 'zn'] as const;
export type Lang = (typeof LANGS)[number];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A file under the repository's root (the suite may be started from elsewhere). */
export const fromRoot = (...parts: string[]) => path.join(ROOT, ...parts);

/** Makes a phone context speak this language (key `lang` in storage) and keep a log of its toasts. */
export async function preparePhone(context: BrowserContext, lang: Lang): Promise<void> {
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', value);
  }, lang);
  await context.addInitScript(recordToasts);
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

/** What the apps show while something loads: skeletons, spinners, `aria-busy` (the route's progress bar too). */
const LOADING = '[aria-busy="true"], .skeleton, .spinner, .ant-skeleton, .ant-spin-spinning';

/**
 * Saves what the screen shows (the viewport) to artifacts/screens/<folder>/<name>.png, after
 * checking that it shows what it must (each locator in `shows` visible) and that nothing on it is
 * still loading. CSS animations and transitions are finished first (a drawer where it comes to rest).
 */
export async function screenshot(page: Page, folder: string, name: string, shows: Locator | Locator[]): Promise<void> {
  for (const locator of Array.isArray(shows) ? shows : [shows]) await expect(locator).toBeVisible();
  await expect(page.locator(LOADING).filter({ visible: true }), 'still loading').toHaveCount(0);
  const dir = fromRoot('artifacts', 'screens', folder);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

let counter = 0;
/** A unique, valid username and phone for a new account. */
export function newAccount(prefix = 'e2e') {
  counter += 1;
  // Unique within a run (worker and counter), and across runs on one server (the time).
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 10;
  const stamp = `${String(Date.now() % 1e6).padStart(6, '0')}${worker}${String(counter % 100).padStart(2, '0')}`;
  return {
    username: `${prefix}${stamp}`.slice(0, 18),
    phone: `13${stamp}`,
    password: 'e2e-password-1',
  };
}
export type Account = ReturnType<typeof newAccount> & { token: string };

/** Registers through the API (for screens that only need a signed-in user) and stores the token. */
export async function signInViaApi(context: BrowserContext, account = newAccount()): Promise<Account> {
  const response = await fetch(`${baseUrl()}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`register failed: ${JSON.stringify(body)}`);
  await signInWithToken(context, body.data.token);
  return { ...account, token: body.data.token };
}

/** Every page of this context starts signed in with this token. */
export async function signInWithToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => window.localStorage.setItem('accessToken', value), token);
}
