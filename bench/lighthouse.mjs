// Lighthouse (mobile) performance and accessibility of the user app's first screens. Not part of CI
// or `npm run bench`: Lighthouse is not a dependency of the project. Install it beside, then run:
//   npm i --no-save -E lighthouse@12.2.3      (13.x wants Node 22)
//   BASE_URL=http://127.0.0.1:3000 node bench/lighthouse.mjs     (a running server, built app)
// Chromium: CHROME_PATH (default /usr/bin/chromium), headless, no sandbox. RUNS (default 5) runs per
// page, one page after another in turn; the median run (by performance) is reported, with every
// run's scores and the machine's load average before and after (the machine is shared: a loaded
// machine measures a slower phone). Writes bench/results/lighthouse.json.
import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeResult } from './lib.mjs';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
// /xq with a product: without one the page says "product not found" (a splash-only paint flatters it).
const PAGES = (process.env.PAGES ?? '/login,/,/hq,/xq?symbol=BTCUSDT').split(',');
const RUNS = Number(process.env.RUNS ?? 5);
const GOALS = { performance: 90, accessibility: 95 };

const round = (value) => Math.round(value * 100) / 100;
const ms = (audit) => Math.round(audit.numericValue ?? 0);
const load = () => loadavg().map(round);

/** What the run says costs: the LCP element, the largest scripts, failing accessibility audits. */
function summarise(lhr) {
  const { categories, audits } = lhr;
  const lcpItem = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const failedA11y = categories.accessibility.auditRefs
    .map((ref) => audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    fcpMs: ms(audits['first-contentful-paint']),
    lcpMs: ms(audits['largest-contentful-paint']),
    tbtMs: ms(audits['total-blocking-time']),
    cls: round(audits['cumulative-layout-shift'].numericValue ?? 0),
    siMs: ms(audits['speed-index']),
    lcpElement: lcpItem?.snippet ?? null,
    failedA11y,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like) is run again, twice at most. */
async function measure(page, attempt = 1) {
  const result = await lighthouse(`${BASE_URL}${page}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const { runtimeError } = result.lhr;
  if (!runtimeError) return result.lhr;
  console.error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
  if (attempt > 2) throw new Error(`${page}: Lighthouse failed three times`);
  return measure(page, attempt + 1);
}

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const loadBefore = load();
const runs = Object.fromEntries(PAGES.map((page) => [page, []]));
try {
  for (let run = 0; run < RUNS; run += 1) {
    for (const page of PAGES) {
      // Lighthouse's default is a mobile phone on a throttled (slow 4G) network, simulated.
      const lhr = await measure(page);
      const summary = summarise(lhr);
      runs[page].push(summary);
      console.log(`${page} run ${run + 1}: ${summary.performance}/${summary.accessibility} load ${load()[0]}`);
    }
  }
} finally {
  chrome.kill();
}
const loadAfter = load();

const pages = PAGES.map((page) => {
  const all = runs[page];
  // The median run by performance (its other figures come from the same run).
  const medianPerformance = median(all.map((run) => run.performance));
  const medianRun = all.find((run) => run.performance === medianPerformance);
  return {
    page,
    performance: medianPerformance,
    accessibility: median(all.map((run) => run.accessibility)),
    fcpMs: median(all.map((run) => run.fcpMs)),
    lcpMs: median(all.map((run) => run.lcpMs)),
    tbtMs: median(all.map((run) => run.tbtMs)),
    cls: median(all.map((run) => run.cls)),
    lcpElement: medianRun.lcpElement,
    failedA11y: [...new Set(all.flatMap((run) => run.failedA11y))],
    runs: all.map(({ performance, accessibility, lcpMs, tbtMs }) => ({ performance, accessibility, lcpMs, tbtMs })),
  };
});
console.table(
  pages.map(({ page, performance, accessibility, fcpMs, lcpMs, tbtMs, cls }) => ({
    page,
    performance,
    accessibility,
    fcpMs,
    lcpMs,
    tbtMs,
    cls,
  })),
);
console.log(`load average (1, 5, 15 min): before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`);
writeResult('lighthouse', {
  tool: 'lighthouse 12 (mobile, simulated slow 4G, 4x CPU slowdown)',
  machine: { loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
  runsPerPage: RUNS,
  goals: GOALS,
  pages,
});
