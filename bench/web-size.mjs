// The JavaScript /login loads before it is interactive, gzip-compressed, measured in Chromium.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startOurServer, stopProcess, writeResult } from './lib.mjs';

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
    console.log(
      `/login JavaScript before interactive: ${beforeInteractiveGzipKb} KB gzip (goal ≤ ${GOAL_KB} KB); ${afterIdleGzipKb} KB once idle prefetches finish`,
    );
    const result = { page: '/login', beforeInteractiveGzipKb, afterIdleGzipKb, goalKb: GOAL_KB, scripts };
    writeResult('web-login-js', result);
    return result;
  } finally {
    await browser.close();
    await stopProcess(ours.child);
  }
}
