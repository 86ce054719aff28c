import { formatAmount, parseAmount } from '@app/contract/amount';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { insertWealthProduct } from '../earn/wealth.test-support.js';
import { userAccountBalance } from '../ledger/ledger.reads.js';
import { availableStatement } from '../ledger/statement-reads.js';
import { ticks } from '../markets/markets.tables.js';
import { insertOpenOrders } from '../orders/orders.test-support.js';
import { SettlementWorker } from '../orders/settlement-worker.js';
import { fund, PAY, setWalletRules, walletUser } from '../wallet/wallet.test-support.js';
import { pdfText } from './pdf-text.test-support.js';
import { statementFonts } from './statement-fonts.js';
import { localMoney } from './statement-format.js';
import { statementPdf } from './statement-pdf.js';
import { buildStatement, statementRange } from './statements.service.js';
import { downloadStatement, minorOf, parseCsv, readFundCsv } from './statements.test-support.js';

/**
 * Statements (issue 14): a user with deposits, orders won, lost and tied, a withdrawal and a locked
 * deposit downloads fund details and orders as CSV and PDF. The CSV re-adds from the opening
 * balance to the closing one, the closing is the ledger's available balance, the range's edges
 * hold, another user's rows never appear, and the PDF says the same numbers in the user's format.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let finance: string;
let alice: Awaited<ReturnType<typeof walletUser>>;
let bob: Awaited<ReturnType<typeof walletUser>>;
let orderIds: { won: number; lost: number; tie: number };
const M = 1_000_000n;
const quiet = { info: () => {}, error: () => {} };
const SYMBOL = 'XAUUSD';
const T0 = Math.floor(Date.now() / 1000) * 1000 - 600_000;

/** Platform dates (UTC here) from yesterday to today: every event of this file is inside. */
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const wholeRange = () => ({ from: yesterday(), to: today() });

beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, { withdrawDailyCountMax: 100, withdrawFeeFixed: '0', withdrawFeeRateBp: 0 });
  // Recorded ticks that decide three orders: up from 1000 to 1010 (won), down on the same (lost),
  // up from 1010 to 1010 (tie).
  const prices = [1000n, 1000n, 1010n, 1010n, 1010n, 1005n, 1005n, 1005n, 1005n, 1005n];
  await t.database.db
    .insert(ticks)
    .values(prices.map((price, s) => ({ symbol: SYMBOL, time: new Date(T0 + s * 1000), price: price * 10n ** 8n })));

  alice = await walletUser(t, { kyc: true, card: true });
  bob = await walletUser(t, { kyc: true, card: true });
  await fund(t, alice, '5000', finance);
  await fund(t, bob, '700', finance);

  const withdrawn = await call(
    t.app,
    'POST',
    '/api/wallet/bankWithdrawal',
    { amount: '300', payPassword: PAY },
    { token: alice.token },
  );
  expect(withdrawn.code).toBe(0);
  const paid = await call(
    t.app,
    'POST',
    `/api/admin/withdrawals/${withdrawn.data.id}/approve`,
    { payoutReference: 'VCB-7' },
    { token: finance },
  );
  expect(paid.code).toBe(0);

  const spec = { symbol: SYMBOL, fee: M / 2n, payoutRateBp: 8500, period: 2 };
  const [won, lost, tie] = await insertOpenOrders(t.database.db, [
    { ...spec, userId: alice.userId, direction: 'up', amount: 100n * M, acceptedAt: new Date(T0 + 500) },
    { ...spec, userId: alice.userId, direction: 'down', amount: 50n * M, acceptedAt: new Date(T0 + 500) },
    { ...spec, userId: alice.userId, direction: 'up', amount: 40n * M, acceptedAt: new Date(T0 + 2500) },
  ]);
  // Bob's own order: it must never show in Alice's statements.
  await insertOpenOrders(t.database.db, [
    { ...spec, userId: bob.userId, direction: 'up', amount: 77n * M, acceptedAt: new Date(T0 + 500) },
  ]);
  orderIds = { won: won!, lost: lost!, tie: tie! };
  await new SettlementWorker(t.database.db, quiet, { events: t.app.events }).runOnce();

  const product = await insertWealthProduct(t);
  const bought = await call(
    t.app,
    'POST',
    '/api/wealth/submit',
    { productId: product.id, amount: '1000', payPassword: PAY },
    { token: alice.token },
  );
  expect(bought.code).toBe(0);
}, 60_000);
afterAll(async () => t?.close());

const availableOf = (userId: number) => userAccountBalance(t.database.db, userId, 'available');

describe('fund details as CSV', () => {
  test('UTF-8 with a BOM, the header in the language, and the rows re-add from the opening to the ledger balance', async () => {
    const r = await downloadStatement(t, alice.token, { kind: 'fund', format: 'csv', ...wholeRange() });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="statement-fund-\d{4}-\d\d-\d\d_.*\.csv"$/);
    const csv = readFundCsv(r.bytes);
    expect(csv.hasBom).toBe(true);
    expect(csv.header).toEqual([
      'Time (UTC)',
      'Type',
      'Status',
      'Amount (USDT)',
      'Available after (USDT)',
      'Reference',
      'Note',
    ]);
    expect(csv.openingRow[1]).toBe('Opening balance');
    expect(csv.closingRow[1]).toBe('Closing balance');
    expect(csv.opening).toBe(0n);
    expect(csv.reAdded).toBe(csv.closing);
    expect(csv.isRunningBalanceRight).toBe(true);
    expect(csv.closing).toBe(await availableOf(alice.userId));

    const kinds = csv.events.map((row) => `${row[1]} ${row[2]} ${row[3]}`);
    expect(kinds).toEqual([
      'Deposit Completed 5000',
      'Withdrawal Paid -300',
      'Withdrawal paid Paid 0',
      'Order placed Settled -100.5',
      'Order placed Settled -50.5',
      'Order placed Settled -40.5',
      // In the order the settlement posted them: won pays 100 × 1.85, the tie returns the stake.
      ...csv.events.filter((row) => row[1] === 'Order settled').map((row) => `${row[1]} ${row[2]} ${row[3]}`),
      'Locked deposit Earning -1000',
    ]);
    const settled = csv.events.filter((row) => row[1] === 'Order settled').map((row) => `${row[2]} ${row[3]}`);
    expect(settled.sort()).toEqual(['Lost 0', 'Tie 40', 'Won 185']);
    expect(csv.events.every((row) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(row[0]!))).toBe(true);
  });

  test("another user's rows never appear, and theirs re-add to their own balance", async () => {
    const mine = readFundCsv(
      (await downloadStatement(t, alice.token, { kind: 'fund', format: 'csv', ...wholeRange() })).bytes,
    );
    const references = mine.events.map((row) => row[5]);
    const bobs = readFundCsv(
      (await downloadStatement(t, bob.token, { kind: 'fund', format: 'csv', ...wholeRange() })).bytes,
    );
    expect(bobs.events.map((row) => `${row[1]} ${row[3]}`)).toEqual([
      'Deposit 700',
      'Order placed -77.5',
      expect.any(String),
    ]);
    for (const row of bobs.events) expect(references).not.toContain(row[5]);
    expect(bobs.reAdded).toBe(bobs.closing);
    expect(bobs.closing).toBe(await availableOf(bob.userId));
  });

  test('headers in Vietnamese and Chinese, with the time zone named', async () => {
    const vn = parseCsv(
      (await downloadStatement(t, alice.token, { kind: 'fund', format: 'csv', ...wholeRange() }, 'vn')).bytes
        .toString('utf8')
        .slice(1),
    );
    expect(vn[0]).toEqual([
      'Thời gian (UTC)',
      'Loại',
      'Trạng thái',
      'Số tiền (USDT)',
      'Khả dụng sau (USDT)',
      'Tham chiếu',
      'Ghi chú',
    ]);
    expect(vn[1]![1]).toBe('Số dư đầu kỳ');
    const zn = parseCsv(
      (await downloadStatement(t, alice.token, { kind: 'fund', format: 'csv', ...wholeRange() }, 'zn')).bytes
        .toString('utf8')
        .slice(1),
    );
    expect(zn[0]![0]).toBe('時間 (UTC)');
    expect(zn.at(-1)![1]).toBe('期末餘額');
    // Plain decimals whatever the language: the same numbers in every file.
    expect(zn.at(-1)![4]).toBe(vn.at(-1)![4]);
  });
});

describe('the range', () => {
  test('an event exactly at the start is in; one exactly at the end belongs to the next range', async () => {
    const db = t.database.db;
    const all = await availableStatement(
      db,
      alice.userId,
      { from: new Date(0), to: new Date(Date.now() + 60_000) },
      100,
    );
    const request = all.events.find((e) => e.kind === 'withdrawal_request')!;
    const purchase = all.events.find((e) => e.kind === 'wealth_purchase')!;
    const user = { id: alice.userId, username: alice.username };
    const build = (from: Date, to: Date) =>
      buildStatement(db, {
        user,
        kind: 'fund',
        range: { fromDate: '', toDate: '', from, to },
        lang: 'en',
        timeZone: 'UTC',
        stream: null,
        now: new Date(),
      });
    const middle = await build(request.createdAt, purchase.createdAt);
    const kindsIn = middle.table.rows.map((row) => (row[1] as { text: string }).text);
    expect(kindsIn[0]).toBe('Withdrawal');
    expect(kindsIn).not.toContain('Locked deposit');
    expect(middle.header.opening).toBe(5000n * M);
    const amounts = middle.table.rows.map((row) => (row[3] as { minor: bigint }).minor);
    expect(middle.header.opening + amounts.reduce((a, b) => a + b, 0n)).toBe(middle.header.closing);
    // The closing is the balance right before the purchase; the next range starts with the purchase.
    expect(middle.header.closing).toBe(purchase.availableAfter + 1000n * M);
    const next = await build(purchase.createdAt, new Date(Date.now() + 60_000));
    expect((next.table.rows[0]![1] as { text: string }).text).toBe('Locked deposit');
    expect(next.header.opening).toBe(middle.header.closing);
  });

  test('platform dates: a range before the first event is empty and opens and closes at zero', async () => {
    const r = await downloadStatement(t, alice.token, {
      kind: 'fund',
      format: 'csv',
      from: '2020-01-01',
      to: '2020-01-31',
    });
    const csv = readFundCsv(r.bytes);
    expect(csv.events).toEqual([]);
    expect([csv.opening, csv.closing]).toEqual([0n, 0n]);
    expect(csv.openingRow[0]).toBe('2020-01-01 00:00:00');
    expect(csv.closingRow[0]).toBe('2020-02-01 00:00:00');
  });

  test('the day boundaries follow the platform time zone', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const range = statementRange({ from: '2026-11-01', to: '2026-11-10' }, 'Asia/Ho_Chi_Minh', now);
    expect(range.from.toISOString()).toBe('2026-10-31T17:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-11-10T17:00:00.000Z');
    // A range that reaches today ends now.
    expect(statementRange({ from: '2026-11-01', to: '2026-11-30' }, 'UTC', now).to).toEqual(now);
  });

  test('longer than a year, reversed or not a date: a clear localised error, nothing else', async () => {
    const long = { kind: 'fund', format: 'csv', from: '2025-01-01', to: '2026-01-02' };
    const en = await downloadStatement(t, alice.token, long, 'en');
    expect(en.status).toBe(422);
    expect(JSON.parse(en.bytes.toString())).toMatchObject({
      code: 4981,
      msg: 'A statement covers at most one year: choose a shorter range',
    });
    const zn = JSON.parse((await downloadStatement(t, alice.token, long, 'zn')).bytes.toString());
    expect(zn.msg).toBe('對帳單最長涵蓋一年，請選擇較短的期間');
    const vn = JSON.parse((await downloadStatement(t, alice.token, long, 'vn')).bytes.toString());
    expect(vn.msg).toContain('tối đa một năm');
    // Exactly a year (2024 has a leap day) is allowed.
    expect((await downloadStatement(t, alice.token, { ...long, from: '2024-01-01', to: '2024-12-31' })).status).toBe(
      200,
    );

    const reversed = await downloadStatement(t, alice.token, { ...long, from: '2026-02-02', to: '2026-02-01' });
    expect(reversed.status).toBe(400);
    expect(JSON.parse(reversed.bytes.toString()).data.fields).toEqual({
      to: 'The end of the range may not be before its start',
    });
    const notADate = await downloadStatement(t, alice.token, { ...long, from: '2026-02-30', to: '2026-03-01' });
    expect(JSON.parse(notADate.bytes.toString()).data.fields).toEqual({ from: 'Choose a date (YYYY-MM-DD)' });
    const unknownKind = await downloadStatement(t, alice.token, { ...long, kind: 'legs', to: '2025-01-31' });
    expect(unknownKind.status).toBe(400);
  });

  test('more rows than a statement holds is refused, never cut', async () => {
    const range = statementRange(wholeRange(), 'UTC', new Date());
    await expect(
      buildStatement(t.database.db, {
        user: { id: alice.userId, username: alice.username },
        kind: 'fund',
        range,
        lang: 'en',
        timeZone: 'UTC',
        stream: null,
        now: new Date(),
        rowsMax: 3,
      }),
    ).rejects.toMatchObject({ errorName: 'statement_too_many_rows' });
  });

  test('signed out: 401', async () => {
    const r = await downloadStatement(t, null, { kind: 'fund', format: 'csv', ...wholeRange() });
    expect(r.status).toBe(401);
  });
});

describe('orders', () => {
  test('the CSV lists the orders accepted in the range with their results and sums', async () => {
    const r = await downloadStatement(t, alice.token, { kind: 'orders', format: 'csv', ...wholeRange() });
    expect(r.status).toBe(200);
    const [header, ...rows] = parseCsv(r.bytes.toString('utf8').slice(1));
    expect(header!.slice(0, 3)).toEqual(['Order no.', 'Time (UTC)', 'Product']);
    const byId = new Map(rows.map((row) => [row[0], row]));
    expect(byId.get(String(orderIds.won))!.slice(3, 13)).toEqual([
      'Buy rise',
      '2',
      '100',
      '0.5',
      '85%',
      expect.any(String),
      expect.any(String),
      'Won',
      '185',
      '84.5',
    ]);
    expect(byId.get(String(orderIds.lost))![10]).toBe('Lost');
    expect(byId.get(String(orderIds.tie))![10]).toBe('Tie');
    const totals = rows.at(-1)!;
    expect(totals[0]).toBe('Total');
    expect([totals[5], totals[6], totals[11], totals[12]]).toEqual(['190', '1.5', '225', '33.5']);
    expect(rows).toHaveLength(4);
  });
});

describe('PDF', () => {
  const fundPdf = async (lang: 'en' | 'vn' | 'zn') => {
    const r = await downloadStatement(t, alice.token, { kind: 'fund', format: 'pdf', ...wholeRange() }, lang);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    return pdfText(r.bytes);
  };

  test('the opening and closing balances in the user number format, in each language', async () => {
    const closing = await availableOf(alice.userId);
    expect(closing).toBeGreaterThan(1000n * M);
    const en = await fundPdf('en');
    expect(en).toContain('Fund details statement');
    expect(en).toContain(`Opening balance: `);
    expect(en).toContain(`${localMoney(0n, 'en')} USDT`);
    expect(en).toContain(`${localMoney(closing, 'en')} USDT`);
    expect(localMoney(closing, 'en')).toMatch(/^\d,\d{3}\.\d{2,}$/);
    expect(en).toContain('Page 1 of 1');
    expect(en).toContain('simulated feed');

    const vn = await fundPdf('vn');
    expect(localMoney(closing, 'vn')).toMatch(/^\d\.\d{3},\d{2,}$/);
    expect(vn).toContain(`${localMoney(closing, 'vn')} USDT`);
    expect(vn).toContain('Sao kê chi tiết quỹ');
    expect(vn).toContain('Số dư đầu kỳ');
    expect(vn).toContain('Số dư cuối kỳ');
    expect(vn).toContain('Múi giờ');

    const zn = await fundPdf('zn');
    expect(zn).toContain('資金明細對帳單');
    expect(zn).toContain('期初餘額');
    expect(zn).toContain(`${localMoney(closing, 'zn')} USDT`);
    expect(zn).toContain('第 1 頁，共 1 頁');
    expect(zn).toContain('模擬');
    expect(zn).not.toContain('\uFFFD');
  });

  test('the order statement names each order and notes the simulated prices', async () => {
    const r = await downloadStatement(t, alice.token, { kind: 'orders', format: 'pdf', ...wholeRange() }, 'zn');
    expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(r.bytes);
    expect(text).toContain('訂單對帳單');
    for (const id of Object.values(orderIds)) expect(text).toContain(String(id));
    expect(text).toContain('模擬商品的價格來自平台的模擬行情');
    expect(text).toContain('合計');
  });

  test('without a font for the language: zn and vn refuse with a clear error; en falls back to Helvetica', async () => {
    const none = () => false;
    expect(() => statementFonts('zn', undefined, none)).toThrowError('statement_font_unavailable');
    expect(() => statementFonts('vn', undefined, none)).toThrowError('statement_font_unavailable');
    const fonts = statementFonts('en', undefined, none);
    expect(fonts.regular).toBe('Helvetica');
    const statement = await buildStatement(t.database.db, {
      user: { id: alice.userId, username: alice.username },
      kind: 'fund',
      range: statementRange(wholeRange(), 'UTC', new Date()),
      lang: 'en',
      timeZone: 'UTC',
      stream: null,
      now: new Date(),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of statementPdf(statement, fonts)) chunks.push(chunk as Buffer);
    const text = pdfText(Buffer.concat(chunks));
    expect(text).toContain(`${localMoney(statement.header.closing, 'en')} USDT`);
    expect(formatAmount(statement.header.closing)).toBe(formatAmount(await availableOf(alice.userId)));
  });
});

test('minor units stay exact through the CSV', () => {
  expect(minorOf('-20.123456')).toBe(-parseAmount('20.123456'));
});
