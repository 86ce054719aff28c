import PDFDocument from 'pdfkit';
import type { StatementFonts } from './statement-fonts.js';
import { localDecimal, localMoney, zonedTime } from './statement-format.js';
import type { Cell, Statement, StatementHeader, StatementTable } from './statement-model.js';
import { statementText } from './statement-texts.js';

/**
 * A statement as a PDF (pdfkit): a header with the user, the range, the time zone and the opening and
 * closing balances, the table (its header repeated on every page), the simulated-price note where
 * orders appear, and "page n of N" on every page. The document is a stream: the caller pipes it out
 * while pages are still being written, and the drawing yields to the event loop every ROWS_PER_TURN
 * rows (a 10 000-row statement takes seconds of CPU; other requests go on meanwhile). The order
 * table is wide, so its pages are landscape.
 */

const MARGIN = 36;
const BODY_SIZE = 8;
const CELL_PAD = 3;
const ROWS_PER_TURN = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function statementPdf(statement: Statement, fonts: StatementFonts): PDFKit.PDFDocument {
  const { header } = statement;
  const doc = new PDFDocument({
    size: 'A4',
    layout: header.kind === 'orders' ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: header.title, Author: header.username, CreationDate: header.generatedAt },
  });
  const draw = async () => {
    registerFonts(doc, fonts);
    writeHeader(doc, header);
    await writeTable(doc, statement.table, header);
    writePageNumbers(doc, header);
    doc.end();
  };
  // A failure half-way ends the stream with the error (the answer is cut, never a wrong document).
  draw().catch((error: Error) => doc.destroy(error));
  return doc;
}

function registerFonts(doc: PDFKit.PDFDocument, fonts: StatementFonts): void {
  const add = (name: string, face: StatementFonts['regular'] | StatementFonts['bold']) => {
    if (typeof face === 'string') doc.registerFont(name, face);
    else doc.registerFont(name, face.src, face.family);
  };
  add('body', fonts.regular);
  add('bold', fonts.bold);
  doc.font('body');
}

function writeHeader(doc: PDFKit.PDFDocument, header: StatementHeader): void {
  const t = (key: Parameters<typeof statementText>[0]) => statementText(key, header.lang);
  const money = (minor: bigint) => `${localMoney(minor, header.lang)} ${header.currency}`;
  const at = (instant: Date) => zonedTime(instant, header.timeZone);
  doc.font('bold').fontSize(15).text(header.title);
  doc.moveDown(0.4).font('body').fontSize(9);
  const facts: Array<[string, string]> = [
    [t('user'), `${header.username} (#${header.userId})`],
    [t('period'), `${header.fromDate} – ${header.toDate}`],
    [t('timeZone'), header.timeZone],
    [t('currency'), header.currency],
    [t('openingBalance'), `${money(header.opening)}  (${at(header.from)})`],
    [t('closingBalance'), `${money(header.closing)}  (${at(header.to)})`],
    [t('generatedAt'), at(header.generatedAt)],
  ];
  for (const [label, value] of facts) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('body').text(value);
  }
  doc.moveDown(0.3).fontSize(7.5).fillColor('#444444');
  doc.text(header.kind === 'fund' ? t('balanceNote') : t('ordersBalanceNote'));
  if (header.hasSimulatedPrices) doc.text(t('simulatedNote'));
  doc.fillColor('black').moveDown(0.8);
}

function cellText(cell: Cell, header: StatementHeader): string {
  if (cell === null) return '';
  if ('minor' in cell) return localMoney(cell.minor, header.lang, cell.isSigned);
  if ('decimal' in cell) return localDecimal(cell.decimal, header.lang);
  if ('time' in cell) return zonedTime(cell.time, header.timeZone);
  return cell.text;
}

async function writeTable(doc: PDFKit.PDFDocument, table: StatementTable, header: StatementHeader): Promise<void> {
  const width = doc.page.width - 2 * MARGIN;
  const weightSum = table.columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = table.columns.map((column) => (column.weight / weightSum) * width);
  const labels = table.columns.map((column) => column.label);
  const aligns = table.columns.map((column): 'right' | 'left' => (column.isNumeric ? 'right' : 'left'));

  const drawRow = (texts: readonly string[], options: { isHead?: boolean; isBold?: boolean } = {}) => {
    doc.font(options.isHead || options.isBold ? 'bold' : 'body').fontSize(BODY_SIZE);
    const height =
      Math.max(...texts.map((text, i) => doc.heightOfString(text || ' ', { width: widths[i]! - 2 * CELL_PAD }))) +
      2 * CELL_PAD;
    if (doc.y + height > doc.page.height - MARGIN - 14) {
      doc.addPage();
      if (!options.isHead) drawRow(labels, { isHead: true });
    }
    const top = doc.y;
    if (options.isHead) doc.rect(MARGIN, top, width, height).fill('#e8ecf2').fillColor('black');
    let x = MARGIN;
    texts.forEach((text, i) => {
      doc.text(text, x + CELL_PAD, top + CELL_PAD, { width: widths[i]! - 2 * CELL_PAD, align: aligns[i] });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.4)
      .strokeColor('#c8ced8')
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };

  drawRow(labels, { isHead: true });
  if (table.rows.length === 0) {
    doc.moveDown(0.5).font('body').fontSize(9).text(statementText('noRows', header.lang), MARGIN);
    return;
  }
  for (const [i, row] of table.rows.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    drawRow(row.map((cell) => cellText(cell, header)));
  }
  if (table.totals)
    drawRow(
      table.totals.map((cell) => cellText(cell, header)),
      { isBold: true },
    );
}

function writePageNumbers(doc: PDFKit.PDFDocument, header: StatementHeader): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: with the margin in force pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const label = statementText('page', header.lang, { n: i - start + 1, total: count });
    doc
      .font('body')
      .fontSize(7.5)
      .fillColor('#444444')
      .text(`${header.title} · ${label}`, MARGIN, doc.page.height - MARGIN + 6, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}
