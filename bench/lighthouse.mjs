// Lighthouse (mobile) performance and accessibility of the user app's first screens. Not part of CI
// or `npm run bench`: Lighthouse is not a dependency of the project. Install it beside, then run:
//   npm i --no-save -E lighthouse@12.2.3      (13.x wants Node 22)
//   BASE_URL=http://127.0.0.1:3000 node bench/lighthouse.mjs     (a running server, built app)
// Chromium: CHROME_PATH (default /usr/bin/chromium), headless, no sandbox.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const PAGES = (process.env.PAGES ?? '/login,/,/hq,/xq').split(',');

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const rows = [];
  for (const page of PAGES) {
    // Lighthouse's default is a mobile phone on a throttled (slow 4G) network.
    const result = await lighthouse(`${BASE_URL}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
    rows.push({
      page,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
    });
  }
  console.table(rows);
} finally {
  chrome.kill();
}
