import { formatAmount, parseAmount } from '@app/contract/amount';
import type { Lang } from '@app/contract/lang';
import type { Order } from '@app/contract/markets';
import type { StatementKind } from '@app/contract/statements';
import type { StatementEvent } from '../ledger/statement-reads.js';
import { localDecimal } from './statement-format.js';
import { KIND_TEXTS, ORDER_STATUS_TEXTS, STATE_TEXTS, statementText } from './statement-texts.js';

/**
 * A statement before it is written as CSV or PDF: its header facts and a table of typed cells. Money
 * stays minor units here; each writer decides how to print it (the CSV plain, the PDF in the
 * user's number format), so both print the same numbers.
 */

export type Cell =
  | { text: string }
  | { minor: bigint; isSigned?: boolean }
  /** A price: an exact decimal string, not money. */
  | { decimal: string }
  | { time: Date }
  | null;

export interface Column {
  label: string;
  /** Relative width in the PDF table. */
  weight: number;
  isNumeric?: boolean;
  /** Money in the statement's currency (the CSV names it in the label). */
  isMoney?: boolean;
  /** Times in the platform zone (the CSV names it in the label). */
  isTime?: boolean;
}

export interface StatementHeader {
  kind: StatementKind;
  lang: Lang;
  title: string;
  username: string;
  userId: number;
  currency: string;
  timeZone: string;
  /** The platform dates asked for, both included. */
  fromDate: string;
  toDate: string;
  /** [from, to): the instants the balances are read at (to is now when the range reaches today). */
  from: Date;
  to: Date;
  generatedAt: Date;
  opening: bigint;
  closing: bigint;
  /** Some rows are orders on simulated prices: the document says so. */
  hasSimulatedPrices: boolean;
}

export interface StatementTable {
  columns: Column[];
  rows: Cell[][];
  /** A last row of sums (orders), or none. */
  totals: Cell[] | null;
}

export interface Statement {
  header: StatementHeader;
  table: StatementTable;
}

const ORDER_JOURNALS = new Set(['order_stake', 'order_settlement', 'order_void']);

/** Fund details: one row per event, the available balance after each, oldest first. */
export function fundTable(events: readonly StatementEvent[], lang: Lang): StatementTable {
  const t = (key: Parameters<typeof statementText>[0]) => statementText(key, lang);
  return {
    columns: [
      { label: t('time'), weight: 2.6, isTime: true },
      { label: t('type'), weight: 2.4 },
      { label: t('status'), weight: 1.4 },
      { label: t('amount'), weight: 1.7, isNumeric: true, isMoney: true },
      { label: t('availableAfter'), weight: 1.8, isNumeric: true, isMoney: true },
      { label: t('reference'), weight: 1.8 },
      { label: t('note'), weight: 1.6 },
    ],
    rows: events.map((event) => [
      { time: event.createdAt },
      { text: KIND_TEXTS[event.kind][lang] },
      { text: STATE_TEXTS[event.state][lang] },
      { minor: event.availableChange, isSigned: true },
      { minor: event.availableAfter },
      { text: `${event.referenceType} #${event.referenceId}` },
      { text: noteOf(event, lang) },
    ]),
    totals: null,
  };
}

function noteOf(event: StatementEvent, lang: Lang): string {
  if (event.fee !== null && event.fee !== 0n) {
    return statementText('feeNote', lang, { amount: localDecimal(formatAmount(event.fee), lang) });
  }
  return event.memo ?? '';
}

export function hasOrderEvents(events: readonly StatementEvent[]): boolean {
  return events.some((event) => ORDER_JOURNALS.has(event.kind));
}

const minorOf = (text: string | null): bigint | null => {
  if (text === null) return null;
  const isNegative = text.startsWith('-');
  const minor = parseAmount(isNegative ? text.slice(1) : text);
  return isNegative ? -minor : minor;
};
const money = (text: string | null, isSigned = false): Cell => {
  const minor = minorOf(text);
  return minor === null ? null : { minor, isSigned };
};

/** Orders accepted in the range, oldest first, with a row of sums (settled orders' payouts and profits). */
export function ordersTable(orders: readonly Order[], lang: Lang): StatementTable {
  const t = (key: Parameters<typeof statementText>[0]) => statementText(key, lang);
  const sum = (pick: (o: Order) => string | null) =>
    orders.reduce((total, order) => total + (minorOf(pick(order)) ?? 0n), 0n);
  return {
    columns: [
      { label: t('orderNo'), weight: 1 },
      { label: t('time'), weight: 2.2, isTime: true },
      { label: t('product'), weight: 2 },
      { label: t('direction'), weight: 1.3 },
      { label: t('periodSeconds'), weight: 1, isNumeric: true },
      { label: t('stake'), weight: 1.4, isNumeric: true, isMoney: true },
      { label: t('fee'), weight: 1.1, isNumeric: true, isMoney: true },
      { label: t('payoutRate'), weight: 1.1, isNumeric: true },
      { label: t('entryPrice'), weight: 1.6, isNumeric: true },
      { label: t('exitPrice'), weight: 1.6, isNumeric: true },
      { label: t('status'), weight: 1.1 },
      { label: t('payout'), weight: 1.4, isNumeric: true, isMoney: true },
      { label: t('profit'), weight: 1.4, isNumeric: true, isMoney: true },
      { label: t('source'), weight: 1.2 },
    ],
    rows: orders.map((order) => [
      { text: order.id },
      { time: new Date(order.createdAt) },
      { text: order.productName === order.symbol ? order.symbol : `${order.productName} (${order.symbol})` },
      { text: t(order.direction) },
      { text: String(order.period) },
      money(order.amount),
      money(order.fee),
      { text: `${Number((Number(order.payoutRate) * 100).toFixed(2))}%` },
      order.entry ? { decimal: order.entry.price } : null,
      order.exit ? { decimal: order.exit.price } : null,
      { text: ORDER_STATUS_TEXTS[order.status][lang] },
      money(order.payout),
      money(order.profit, true),
      { text: order.source === 'simulated' ? t('simulated') : t('live') },
    ]),
    totals: [
      { text: t('total') },
      null,
      null,
      null,
      null,
      { minor: sum((o) => o.amount) },
      { minor: sum((o) => o.fee) },
      null,
      null,
      null,
      null,
      { minor: sum((o) => o.payout) },
      { minor: sum((o) => o.profit), isSigned: true },
      null,
    ],
  };
}
