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
    page.on('response', async (response) => {
      const url = response.url();
      if (response.request().resourceType() === 'script') {
        const body = await response.body().catch(() => Buffer.alloc(0));
        scripts.push({
          url: url.replace(ours.base, ''),
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        });
      }
    });
    await page.goto(`${ours.base}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('input');
    const totalGzipKb = +(scripts.reduce((s, x) => s + x.gzipBytes, 0) / 1024).toFixed(1);
    const result = { page: '/login', totalGzipKb, goalKb: GOAL_KB, scripts };
    console.log(`/login JavaScript: ${totalGzipKb} KB gzip in ${scripts.length} files (goal ≤ ${GOAL_KB} KB)`);
    writeResult('web-login-js', result);
    return result;
  } finally {
    await browser.close();
    await stopProcess(ours.child);
  }
}
