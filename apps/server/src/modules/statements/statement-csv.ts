import { plainMoney, zonedTime } from './statement-format.js';
import type { Cell, Statement, StatementHeader } from './statement-model.js';
import { statementText } from './statement-texts.js';

/**
 * A statement as CSV (RFC 4180, CRLF): UTF-8 with a byte-order mark, so that Excel reads Vietnamese
 * and Chinese as they are; the header row in the user's language, money as plain decimals (see
 * statement-format.ts), times in the platform zone named in the header. Fund details open with an
 * "Opening balance" row and close with a "Closing balance" row, so the file re-adds by itself.
 */

const BOM = '\uFEFF';
const EOL = '\r\n';

export function statementCsv(statement: Statement): string {
  const { header, table } = statement;
  const lines: string[] = [];
  const line = (cells: readonly Cell[]) => lines.push(cells.map((cell) => csvField(cell, header)).join(','));
  const labels = table.columns.map((column) => {
    if (column.isTime) return `${column.label} (${header.timeZone})`;
    return column.isMoney ? `${column.label} (${header.currency})` : column.label;
  });
  lines.push(labels.map((label) => quote(label)).join(','));
  if (header.kind === 'fund')
    line(balanceRow(header, 'openingBalance', header.from, header.opening, table.columns.length));
  for (const row of table.rows) line(row);
  if (table.totals) line(table.totals);
  if (header.kind === 'fund')
    line(balanceRow(header, 'closingBalance', header.to, header.closing, table.columns.length));
  return BOM + lines.join(EOL) + EOL;
}

/** The fund table's balance column is its fifth; a balance row puts its name under "Type". */
function balanceRow(
  header: StatementHeader,
  key: 'openingBalance' | 'closingBalance',
  at: Date,
  balance: bigint,
  width: number,
): Cell[] {
  const cells: Cell[] = Array.from({ length: width }, () => null);
  cells[0] = { time: at };
  cells[1] = { text: statementText(key, header.lang) };
  cells[4] = { minor: balance };
  return cells;
}

function csvField(cell: Cell, header: StatementHeader): string {
  if (cell === null) return '';
  if ('minor' in cell) return plainMoney(cell.minor);
  if ('decimal' in cell) return cell.decimal;
  if ('time' in cell) return zonedTime(cell.time, header.timeZone);
  return quote(defuseFormula(cell.text));
}

/** A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a leading quote. */
function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
