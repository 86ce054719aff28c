// The JavaScript /login loads before it is interactive, gzip-compressed, measured in Chromium.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startOurServer, stopProcess, writeResult } from './lib.mjs';

/**
 * What /login needs before it can be used, from the build manifest: the entry with its static
 * imports, plus the login route's chunk with its static imports. Prefetches made while the browser
 * idles are not needed, so they are left out (the browser figure below may include them).
 */
function requiredForLogin() {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/pages/login-page.tsx'));
  visit(entry);
  visit(login);
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  return { files, gzipKb: +(gzipBytes / 1024).toFixed(1) };
}

const GOAL_KB = 150;
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

export async function benchWebSize() {
  const ours = await startOurServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROME_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = [];
    let isInteractive = false;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const beforeInteractive = !isInteractive;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({
        url: response.url().replace(ours.base, ''),
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        beforeInteractive,
      });
    });
    await page.goto(`${ours.base}/login`);
    // Interactive: the login form is on screen and its button takes a click.
    await page.locator('button[type=submit]:enabled').waitFor({ state: 'visible' });
    isInteractive = true;
    await page.waitForLoadState('networkidle');
    const kb = (list) => +(list.reduce((sum, x) => sum + x.gzipBytes, 0) / 1024).toFixed(1);
    const beforeInteractiveGzipKb = kb(scripts.filter((x) => x.beforeInteractive));
    const afterIdleGzipKb = kb(scripts);
    const required = requiredForLogin();
    console.log(
      `/login JavaScript needed to be interactive: ${required.gzipKb} KB gzip (goal ≤ ${GOAL_KB} KB); in Chromium ${beforeInteractiveGzipKb} KB arrived before the form was usable (idle prefetches included), ${afterIdleGzipKb} KB in all`,
    );
    const result = {
      page: '/login',
      requiredGzipKb: required.gzipKb,
      requiredFiles: required.files,
      beforeInteractiveGzipKb,
      afterIdleGzipKb,
      goalKb: GOAL_KB,
      scripts,
    };
    writeResult('web-login-js', result);
    return result;
  } finally {
    await browser.close();
    await stopProcess(ours.child);
  }
}
