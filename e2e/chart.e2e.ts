import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { LANGS, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { title } from './support/ui.js';

/**
 * The product chart (/xq): line and candle modes, the crosshair's readout, indicators remembered for
 * the user, and frame timing while the live ticks are drawn.
 */

const chartPlot = (page: Page) => page.locator('.chart__canvas');
const readout = (page: Page) => page.getByRole('region', { name: t('en', 'chart.readout.label') });
/** The value under a label of the readout ("Open", "High", …). */
const readoutValue = (page: Page, label: string) =>
  readout(page).locator('.chart-readout__item').filter({ hasText: label }).locator('dd');

/** A price as the readout writes it in English ("87,123.45") as a number. */
async function priceOf(locator: Locator): Promise<number> {
  const text = (await locator.innerText()).replace(/,/g, '');
  const value = Number(text);
  expect(Number.isFinite(value), `a price: "${text}"`).toBe(true);
  return value;
}

async function expectTouchTargets(locators: Locator[]) {
  for (const locator of locators) {
    const box = await locator.boundingBox();
    expect(box, String(locator)).not.toBeNull();
    expect(box!.width, `${locator} width`).toBeGreaterThanOrEqual(44);
    expect(box!.height, `${locator} height`).toBeGreaterThanOrEqual(44);
  }
}

interface FrameTiming {
  frames: number;
  medianMs: number;
  p95Ms: number;
  maxGapMs: number;
  /** Screen updates seen in the window (the price head and the readout change on every tick). */
  updates: number;
  loafSupported: boolean;
  /** Long animation frames over 200 ms whose scripts ran for more than 100 ms of it (ours: the page runs only the app). */
  longScriptFrames: { duration: number; scriptMs: number }[];
  windowMs: number;
}

/**
 * Frame timing in the page over a 3 s window while ticks arrive (the simulated feed ticks every
 * second): every requestAnimationFrame delta, and the Long Animation Frames (PerformanceObserver
 * 'long-animation-frame') with the time their scripts took. The window also lasts until three
 * updates of the price have been drawn, so that it always covers live ticks.
 */
function measureFrames(page: Page): Promise<FrameTiming> {
  return page.evaluate(
    () =>
      new Promise<FrameTiming>((resolve) => {
        const deltas: number[] = [];
        const longScriptFrames: { duration: number; scriptMs: number }[] = [];
        let updates = 0;
        let loafSupported = false;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const scripts = (entry as unknown as { scripts?: { duration: number }[] }).scripts ?? [];
            const scriptMs = scripts.reduce((sum, script) => sum + script.duration, 0);
            if (entry.duration > 200 && scriptMs > 100) longScriptFrames.push({ duration: entry.duration, scriptMs });
          }
        });
        try {
          observer.observe({ type: 'long-animation-frame', buffered: false });
          loafSupported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
        } catch {
          loafSupported = false;
        }
        const mutations = new MutationObserver(() => {
          updates += 1;
        });
        for (const selector of ['.price-head__last', '.chart-readout__values']) {
          const node = document.querySelector(selector);
          if (node) mutations.observe(node, { subtree: true, childList: true, characterData: true });
        }
        const start = performance.now();
        let previous = start;
        const frame = (now: number) => {
          deltas.push(now - previous);
          previous = now;
          const elapsed = now - start;
          if ((elapsed >= 3000 && updates >= 3) || elapsed >= 30_000) {
            observer.disconnect();
            mutations.disconnect();
            const sorted = [...deltas].sort((a, b) => a - b);
            const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
            resolve({
              frames: deltas.length,
              medianMs: at(0.5),
              p95Ms: at(0.95),
              maxGapMs: sorted.at(-1) ?? 0,
              updates,
              loafSupported,
              longScriptFrames,
              windowMs: elapsed,
            });
            return;
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

test('chart: line mode, RSI and MA chosen and remembered, crosshair readout, frame timing while ticks arrive', async ({
  page,
  user,
}) => {
  // Signed in: the choices are remembered for this user.
  expect(user.token).toBeTruthy();
  await page.goto('/xq?symbol=BTCUSDT');
  await expect(title(page, /^BTCUSDT · /)).toBeVisible();
  await expect(page.locator('.chart__canvas canvas').first()).toBeVisible();
  // The readout shows the newest candle once the candles are in.
  await expect(readoutValue(page, 'Close')).toHaveText(/^\d[\d,]*\.\d{2}$/);

  const candles = page.getByRole('button', { name: 'Candles', exact: true });
  const line = page.getByRole('button', { name: 'Line', exact: true });
  await expect(candles).toHaveAttribute('aria-pressed', 'true');
  await line.click();
  await expect(line).toHaveAttribute('aria-pressed', 'true');
  await expect(candles).toHaveAttribute('aria-pressed', 'false');

  // Volume is on by default; RSI and MA are added.
  await page.getByRole('button', { name: 'Indicators (1 on)' }).click();
  const sheet = page.getByRole('region', { name: 'Indicators' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('checkbox', { name: 'RSI (14)' }).check();
  await sheet.getByRole('checkbox', { name: 'Moving average (MA)' }).check();
  const touchTargets = [
    candles,
    line,
    sheet.getByRole('button', { name: 'Done' }),
    sheet.locator('.chart-sheet__toggle').first(),
    sheet.getByRole('spinbutton').first(),
  ];
  await expectTouchTargets(touchTargets);
  // WCAG AA on the chart's controls with the sheet open (contrast of every text among them).
  const axe = await new AxeBuilder({ page }).include('.panel--chart').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
  await sheet.getByRole('button', { name: 'Done' }).click();
  const indicators = page.getByRole('button', { name: 'Indicators (3 on)' });
  await expect(indicators).toBeFocused();
  await expectTouchTargets([indicators]);
  // RSI draws in a pane of its own below the price: the chart has a second pane (a second row of canvases).
  await expect
    .poll(() => page.locator('.chart__canvas table tr').count(), { message: 'a pane for RSI' })
    .toBeGreaterThanOrEqual(3);

  // The crosshair: the readout shows the candle under the pointer, then the newest one again.
  const box = (await chartPlot(page).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.3);
  await expect(readout(page)).toHaveClass(/is-hover/);
  const [open, high, low, close] = await Promise.all(
    ['Open', 'High', 'Low', 'Close'].map((label) => priceOf(readoutValue(page, label))),
  );
  expect(high).toBeGreaterThanOrEqual(Math.max(open!, close!, low!));
  expect(low).toBeLessThanOrEqual(Math.min(open!, close!));
  await expect(readout(page).locator('time')).toHaveText(/\d{2}:\d{2}/);
  await expect(readout(page).locator('.chart-readout__change')).toHaveText(/Change\s+([+-]?\d+\.\d{2}%)/);
  await screenshot(page, 'chart', 'en-crosshair', [readout(page), line]);
  await page.mouse.move(box.x + box.width / 2, 5);
  await expect(readout(page)).not.toHaveClass(/is-hover/);

  // Chosen for this user: after a reload the line and the three indicators are back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Line', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Indicators (3 on)' })).toBeVisible();
  await expect(readoutValue(page, 'Close')).toHaveText(/^\d[\d,]*\.\d{2}$/);

  // 60 fps while ticks arrive: with MACD and Bollinger bands on too (the most work per tick).
  await page.getByRole('button', { name: 'Indicators (3 on)' }).click();
  await sheet.getByRole('checkbox', { name: 'MACD (12, 26, 9)' }).check();
  await sheet.getByRole('checkbox', { name: 'Bollinger bands' }).check();
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Indicators (5 on)' })).toBeVisible();
  const timing = await measureFrames(page);
  test.info().annotations.push({
    type: 'frame timing',
    description: `median ${timing.medianMs.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms, max ${timing.maxGapMs.toFixed(1)} ms over ${timing.frames} frames in ${(timing.windowMs / 1000).toFixed(1)} s with ${timing.updates} updates drawn; long-animation-frame ${timing.loafSupported ? 'observed' : 'not supported'}`,
  });
  console.log(`chart frame timing: ${JSON.stringify(timing)}`);
  // The window covered live ticks.
  expect(timing.updates).toBeGreaterThanOrEqual(3);
  expect(timing.loafSupported).toBe(true);
  // No frame held up by our scripts for more than 200 ms (a busy machine's stalls without script are not ours).
  expect(timing.longScriptFrames).toEqual([]);
  // Frames keep coming: the median is the display's 16.7 ms on a quiet machine; the bound only
  // catches a chart that stalls the page (a loaded 2-core CI stays far below it).
  expect(timing.medianMs).toBeLessThan(100);
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`chart screens in ${lang}`, async ({ page }) => {
      await page.goto('/xq?symbol=XAUUSD');
      const localReadout = page.getByRole('region', { name: t(lang, 'chart.readout.label') });
      // The readout writes prices with the language's marks (Vietnamese: 2.345,67).
      await expect(localReadout.locator('dd').last()).toHaveText(
        lang === 'vn' ? /^\d{1,3}(\.\d{3})*,\d{2}$/ : /^\d{1,3}(,\d{3})*\.\d{2}$/,
      );
      const indicatorsButton = page.getByRole('button', {
        name: t(lang, 'chart.indicators.buttonCount', { count: '1' }),
      });
      await screenshot(page, 'chart', `${lang}-xq`, [indicatorsButton, page.locator('.chart__canvas canvas').first()]);
      await indicatorsButton.click();
      const sheet = page.getByRole('region', { name: t(lang, 'chart.indicators.title') });
      await sheet.getByRole('checkbox', { name: t(lang, 'chart.indicators.rsi') }).check();
      await sheet.getByRole('checkbox', { name: t(lang, 'chart.indicators.macd') }).check();
      await sheet.getByRole('checkbox', { name: t(lang, 'chart.indicators.boll') }).check();
      await screenshot(page, 'chart', `${lang}-indicators`, [sheet]);
      await sheet.getByRole('button', { name: t(lang, 'chart.indicators.done') }).click();
      await page.getByRole('button', { name: t(lang, 'chart.modes.line'), exact: true }).click();
      await screenshot(page, 'chart', `${lang}-line-rsi-macd`, [
        page.getByRole('button', { name: t(lang, 'chart.indicators.buttonCount', { count: '4' }) }),
      ]);
    });
  });
}
