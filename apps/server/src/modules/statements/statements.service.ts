import type { Lang } from '@app/contract/lang';
import {
  STATEMENT_DAYS_MAX,
  STATEMENT_ROWS_MAX,
  type StatementKind,
  type StatementRequest,
  statementDays,
} from '@app/contract/statements';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { addDays, startOfPlatformDate } from '../../lib/platform-day.js';
import { availableStatement } from '../ledger/statement-reads.js';
import type { MarketStreamConfig } from '../markets/price-source.js';
import { userOrdersAcceptedBetween } from '../orders/statement-reads.js';
import { fundTable, hasOrderEvents, ordersTable, type Statement } from './statement-model.js';
import { statementText } from './statement-texts.js';

/**
 * The rules of a statement, in one place:
 * | rule | where |
 * | the range is platform dates, both included, at most STATEMENT_DAYS_MAX days | `statementRange` |
 * | balances are read at [start of `from`, end of `to`), the end no later than now | `statementRange` |
 * | opening + rows = closing, exactly: one snapshot of the ledger, summed from postings | `buildStatement` + ledger/statement-reads.ts |
 * | at most STATEMENT_ROWS_MAX rows: a longer statement is refused, never cut | `buildStatement` |
 * | only the signed-in user's own rows | the routes pass the session's user, and every read filters by it |
 */

export interface StatementRange {
  fromDate: string;
  toDate: string;
  from: Date;
  to: Date;
}

export function statementRange(
  request: Pick<StatementRequest, 'from' | 'to'>,
  timeZone: string,
  now: Date,
): StatementRange {
  if (statementDays(request.from, request.to) > STATEMENT_DAYS_MAX) throw new AppError('statement_range_too_long');
  const from = startOfPlatformDate(request.from, timeZone);
  const end = startOfPlatformDate(addDays(request.to, 1), timeZone);
  // A range that reaches today ends now: its closing balance is today's, not a guess at midnight's.
  const to = new Date(Math.max(from.getTime(), Math.min(end.getTime(), now.getTime())));
  return { fromDate: request.from, toDate: request.to, from, to };
}

export interface StatementInput {
  user: { id: number; username: string };
  kind: StatementKind;
  range: StatementRange;
  lang: Lang;
  timeZone: string;
  stream: MarketStreamConfig | null;
  now: Date;
  /** Tests lower it to see the refusal; STATEMENT_ROWS_MAX otherwise. */
  rowsMax?: number;
}

export async function buildStatement(db: Db, input: StatementInput): Promise<Statement> {
  const { user, kind, range, lang } = input;
  const rowsMax = input.rowsMax ?? STATEMENT_ROWS_MAX;
  const window = { from: range.from, to: range.to };
  // The ledger's balances and events are one statement (one snapshot); the repeatable-read transaction
  // puts the orders read in the same snapshot, so an order settled meanwhile is in both or in neither.
  const { ledger, orders } = await db.transaction(
    async (tx) => {
      const ledger = await availableStatement(tx, user.id, window, rowsMax);
      const orders =
        kind === 'orders' ? await userOrdersAcceptedBetween(tx, user.id, window, rowsMax, input.stream, lang) : null;
      return { ledger, orders };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if ((kind === 'fund' && ledger.isTruncated) || orders?.isTruncated) throw new AppError('statement_too_many_rows');
  const table = orders ? ordersTable(orders.orders, lang) : fundTable(ledger.events, lang);
  const hasSimulatedPrices = orders
    ? orders.orders.some((order) => order.source === 'simulated')
    : hasOrderEvents(ledger.events);
  return {
    header: {
      kind,
      lang,
      title: statementText(kind === 'fund' ? 'fundTitle' : 'ordersTitle', lang),
      username: user.username,
      userId: user.id,
      currency: 'USDT',
      timeZone: input.timeZone,
      fromDate: range.fromDate,
      toDate: range.toDate,
      from: range.from,
      to: range.to,
      generatedAt: input.now,
      opening: ledger.opening,
      closing: ledger.closing,
      hasSimulatedPrices,
    },
    table,
  };
}

/** `statement-fund-2026-11-01_2026-11-30.csv`: ASCII only, so every browser keeps it. */
export function statementFileName(kind: StatementKind, range: StatementRange, format: 'csv' | 'pdf'): string {
  return `statement-${kind}-${range.fromDate}_${range.toDate}.${format}`;
}
