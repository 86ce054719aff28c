import { parseAmount } from '@app/contract/amount';
import type { Lang } from '@app/contract/lang';
import type { TestApp } from '../../test/test-app.js';

/** Statement downloads and a reader of their CSV, for the statement tests (PGlite and PostgreSQL). */

export async function downloadStatement(
  t: TestApp,
  token: string | null,
  body: Record<string, unknown>,
  lang: Lang = 'en',
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/statement',
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, response };
}

/** RFC 4180 fields: quoted ones may hold commas, quotes (doubled) and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') isQuoted = false;
      else field += c;
    } else if (c === '"') isQuoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

/** A signed plain decimal ("-20.2") in minor units. */
export function minorOf(text: string): bigint {
  return text.startsWith('-') ? -parseAmount(text.slice(1)) : parseAmount(text);
}

/**
 * A fund statement's CSV read back: the opening balance (first row), the events, the closing balance
 * (last row), and whether opening + each amount gives each "available after" and the closing.
 */
export function readFundCsv(bytes: Buffer) {
  const text = bytes.toString('utf8');
  const hasBom = text.startsWith('\uFEFF');
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const opening = rows[0]!;
  const closing = rows[rows.length - 1]!;
  const events = rows.slice(1, -1);
  let running = minorOf(opening[4]!);
  let isRunningBalanceRight = true;
  for (const event of events) {
    running += minorOf(event[3]!);
    if (running !== minorOf(event[4]!)) isRunningBalanceRight = false;
  }
  return {
    hasBom,
    header: header!,
    openingRow: opening,
    closingRow: closing,
    events,
    opening: minorOf(opening[4]!),
    closing: minorOf(closing[4]!),
    reAdded: running,
    isRunningBalanceRight,
  };
}
