import { describe, expect, test } from 'vitest';
import type { StatementEvent } from '../ledger/statement-reads.js';
import { pdfText } from './pdf-text.test-support.js';
import { statementCsv } from './statement-csv.js';
import { statementFonts } from './statement-fonts.js';
import { localMoney } from './statement-format.js';
import { fundTable, type Statement } from './statement-model.js';
import { statementPdf } from './statement-pdf.js';
import { parseCsv } from './statements.test-support.js';

/** The writers on their own: many pages, hostile text, the number formats. No database. */
const M = 1_000_000n;
const event = (i: number, extra: Partial<StatementEvent> = {}): StatementEvent => ({
  journalId: String(i),
  kind: 'adjustment',
  referenceType: 'adjustment',
  referenceId: String(i),
  memo: null,
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)),
  availableChange: M,
  availableAfter: BigInt(i + 1) * M,
  grossAmount: M,
  fee: null,
  state: 'completed',
  ...extra,
});

function statementOf(events: StatementEvent[], lang: 'en' | 'vn' | 'zn' = 'en'): Statement {
  const closing = events.reduce((sum, e) => sum + e.availableChange, 0n);
  return {
    header: {
      kind: 'fund',
      lang,
      title: 'Fund details statement',
      username: 'alice01',
      userId: 7,
      currency: 'USDT',
      timeZone: 'Asia/Ho_Chi_Minh',
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      from: new Date('2026-10-31T17:00:00Z'),
      to: new Date('2026-11-30T17:00:00Z'),
      generatedAt: new Date('2026-12-01T00:00:00Z'),
      opening: 0n,
      closing,
      hasSimulatedPrices: false,
    },
    table: fundTable(events, lang),
  };
}

async function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('PDF', () => {
  test('a long statement: every page numbered "n of N", the table header on each page', async () => {
    const statement = statementOf(Array.from({ length: 150 }, (_, i) => event(i)));
    const text = pdfText(await bytesOf(statementPdf(statement, statementFonts('en'))));
    const total = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(total).toBeGreaterThan(2);
    for (let n = 1; n <= total; n++) expect(text).toContain(`Page ${n} of ${total}`);
    expect(text.split('\n').filter((line) => line.trim() === 'Time')).toHaveLength(total);
    expect(text).toContain(`${localMoney(150n * M, 'en')} USDT`);
    expect(text).toContain('Asia/Ho_Chi_Minh');
  });

  test('Vietnamese numbers: dots group, a comma marks decimals', () => {
    expect(localMoney(1_234_500_000n, 'vn')).toBe('1.234,50');
    expect(localMoney(-20_123_456n, 'vn', true)).toBe('-20,123456');
    expect(localMoney(1_234_500_000n, 'zn', true)).toBe('+1,234.50');
    expect(localMoney(0n, 'en', true)).toBe('0.00');
  });
});

describe('CSV', () => {
  test('an operator note a spreadsheet would run is written as text; quotes and commas survive', () => {
    const statement = statementOf([
      event(0, { memo: '=HYPERLINK("http://x","click")' }),
      event(1, { memo: 'refund, "late" fee' }),
    ]);
    const [, , first, second] = parseCsv(statementCsv(statement).slice(1));
    expect(first![6]).toBe(`'=HYPERLINK("http://x","click")`);
    expect(second![6]).toBe('refund, "late" fee');
    // Times on the platform zone's wall clock, amounts plain.
    expect(first![0]).toBe('2026-11-01 07:00:00');
    expect(first![3]).toBe('1');
  });
});
