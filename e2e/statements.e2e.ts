import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { api, balances } from './support/api.js';
import { LANGS, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { title } from './support/ui.js';

/** Signed decimal text ("-20.2") in minor units (10^-6), so the sums stay exact. */
function minor(text: string): bigint {
  const isNegative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (isNegative ? text.slice(1) : text).split('.');
  const value = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return isNegative ? -value : value;
}

/** The CSV the server writes has no quoted commas in these rows; split plainly, after the BOM. */
const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

const PAY = '246802';
test.use({ payPassword: PAY });

test('statements: fund details as CSV and PDF, orders as CSV, from the screens; the CSV re-adds to the ledger', async ({
  page,
  trader,
  newPhone,
}) => {
  // A second event after the deposit: a flexible-earn subscription takes 250 from the available balance.
  await api('POST', '/api/Defi/orderMoney', { action: 'subscribe', amount: '250', payPassword: PAY }, trader.token);

  await page.goto('/runningwater');
  await expect(title(page, t('en', 'water.title'))).toBeVisible();
  await page.getByRole('button', { name: t('en', 'statement.export') }).click();
  await expect(page.getByRole('heading', { name: t('en', 'statement.titleFund') })).toBeVisible();
  await page.getByRole('button', { name: t('en', 'statement.preset.thisMonth') }).click();
  await page.getByRole('button', { name: t('en', 'statement.formats.csv') }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('en', 'statement.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statement-fund-\d{4}-\d\d-01_\d{4}-\d\d-\d\d\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);

  const [header, ...rows] = rowsOf(text);
  expect(header).toEqual([
    'Time (UTC)',
    'Type',
    'Status',
    'Amount (USDT)',
    'Available after (USDT)',
    'Reference',
    'Note',
  ]);
  const opening = rows[0]!;
  const closing = rows.at(-1)!;
  expect(opening[1]).toBe('Opening balance');
  expect(closing[1]).toBe('Closing balance');
  const events = rows.slice(1, -1);
  expect(events[0]!.slice(1, 4)).toEqual(['Deposit', 'Completed', '1000']);
  expect(events[1]!.slice(1, 4)).toEqual(['Flexible earn subscription', 'Completed', '-250']);
  expect(events).toHaveLength(2);
  // The rows re-add from the opening balance to the closing one, which is the ledger's.
  const reAdded = events.reduce((sum, row) => sum + minor(row[3]!), minor(opening[4]!));
  expect(reAdded).toBe(minor(closing[4]!));
  expect(minor(closing[4]!)).toBe(minor((await balances(trader.token)).available));

  // The same statement as a PDF (the sheet closed with the download: opened again).
  await page.getByRole('button', { name: t('en', 'statement.export') }).click();
  await expect(page.getByRole('heading', { name: t('en', 'statement.titleFund') })).toBeVisible();
  await page.getByRole('button', { name: t('en', 'statement.formats.pdf') }).click();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('en', 'statement.download') }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^statement-fund-\d{4}-\d\d-01_\d{4}-\d\d-\d\d\.pdf$/);
  const pdfBytes = readFileSync(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfBytes.length).toBeGreaterThan(1_000);
  expect(pdfBytes.subarray(-16).toString('latin1')).toContain('%%EOF');

  // The sheet in the three languages.
  for (const lang of LANGS) {
    const context = await newPhone(lang);
    await signInWithToken(context, trader.token);
    const phone = await context.newPage();
    await phone.goto('/runningwater');
    await phone.getByRole('button', { name: t(lang, 'statement.export') }).click();
    const heading = phone.getByRole('heading', { name: t(lang, 'statement.titleFund') });
    // The sheet has come to rest when its last control is on the screen.
    await expect(phone.getByRole('button', { name: t(lang, 'statement.download') })).toBeInViewport();
    await screenshot(phone, 'statements', `export-sheet-${lang}`, heading);
    // The open sheet passes axe (WCAG 2.2 AA): no serious or critical finding.
    const { violations } = await new AxeBuilder({ page: phone })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await phone.goto('/orderrecord');
    const exportOrders = phone.getByRole('button', { name: t(lang, 'statement.export') });
    await screenshot(phone, 'statements', `order-records-${lang}`, exportOrders);
  }
  // Order records offer the export too: an order of 5 minutes, open while the file is made.
  const order = await api<{ id: string }>(
    'POST',
    '/api/order/create',
    { symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 300 },
    trader.token,
  );
  await page.goto('/orderrecord');
  await page.getByRole('button', { name: t('en', 'statement.export') }).click();
  await expect(page.getByRole('heading', { name: t('en', 'statement.titleOrders') })).toBeVisible();
  await page.getByRole('button', { name: t('en', 'statement.preset.thisMonth') }).click();
  await page.getByRole('button', { name: t('en', 'statement.formats.csv') }).click();
  const [ordersCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('en', 'statement.download') }).click(),
  ]);
  expect(ordersCsv.suggestedFilename()).toMatch(/^statement-orders-\d{4}-\d\d-01_\d{4}-\d\d-\d\d\.csv$/);
  const [ordersHeader, ...orderRows] = rowsOf(readFileSync(await ordersCsv.path(), 'utf8'));
  expect(ordersHeader).toEqual([
    'Order no.',
    'Time (UTC)',
    'Product',
    'Direction',
    'Period (s)',
    'Stake (USDT)',
    'Fee (USDT)',
    'Payout rate',
    'Entry price',
    'Exit price',
    'Status',
    'Payout (USDT)',
    'Profit (USDT)',
    'Price source',
  ]);
  expect(orderRows).toHaveLength(2);
  const [placed, total] = orderRows as [string[], string[]];
  expect([placed[0], ...placed.slice(3, 8), placed[10]]).toEqual([
    order.id,
    'Buy rise',
    '300',
    '100',
    '1',
    '78%',
    'Open',
  ]);
  expect([total[0], total[5], total[6]]).toEqual(['Total', '100', '1']);
});
