// One-off: draws the PNG app icons from apps/web/public/icon.svg with Chromium (playwright-core and
// the system's Chromium, as the browser suite uses), for the web manifest and iOS's home screen.
// The PNGs are committed; run again after changing the SVG: `node scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const svg = readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');

// iOS rounds the corners itself and paints transparent ones black: a full square.
const square = svg.replace('rx="112"', 'rx="0"');
// Maskable: the platform crops to its own shape, keeping only the centre circle (80% of the side)
// for sure, so the mark shrinks into it on the full square.
const maskable = square
  .replace(
    /(<path[\s\S]*<\/path>|<path[\s\S]*\/>)/,
    '<g transform="translate(256 256) scale(0.7) translate(-256 -256)">$1</g>',
  )
  .replace('<title>Vela</title>', '');

const ICONS = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'icon-maskable-512.png', size: 512, source: maskable },
  { file: 'apple-touch-icon.png', size: 180, source: square },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, source } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const html = `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`;
    await page.setContent(html);
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: true });
    await page.close();
    console.log(`wrote apps/web/public/${file}`);
  }
} finally {
  await browser.close();
}
