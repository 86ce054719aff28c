import type { JournalKind, UserAccountKind, WaterState } from '@app/contract/ledger';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { describeEvent } from './water-events.js';

/**
 * The books as a statement reads them: a user's available balance at two instants and the events
 * between them, oldest first. Everything is summed from the postings of one account, by the
 * postings' own time, so opening + the events' effects = closing holds exactly (minor units) for any
 * range, whatever else the ledger holds; one statement reads them all, so they are one snapshot.
 */

export interface StatementEvent {
  journalId: string;
  kind: JournalKind;
  referenceType: string;
  referenceId: string;
  memo: string | null;
  createdAt: Date;
  /** Signed effect on the available balance, minor units. */
  availableChange: bigint;
  /** The available balance right after the event: opening + every effect up to this one. */
  availableAfter: bigint;
  grossAmount: bigint;
  fee: bigint | null;
  state: WaterState;
}

export interface AvailableStatement {
  /** The available balance at `from` (every posting before it), minor units. */
  opening: bigint;
  /** The available balance at `to` (every posting before it), minor units. */
  closing: bigint;
  events: StatementEvent[];
  /** More events than `limit` fall in the range: `events` is cut and must not be shown as whole. */
  isTruncated: boolean;
}

interface Row {
  journal_id: string;
  kind: JournalKind;
  reference_type: string;
  reference_id: string;
  memo: string | null;
  created_at: Date | string;
  legs: string;
  followed_by: string;
}

/**
 * [from, to): an event exactly at `from` is in, one exactly at `to` belongs to the next range. Times
 * compare at the millisecond (the database keeps microseconds, a JavaScript Date milliseconds), so
 * an event's own `createdAt` is exactly its edge.
 */
export async function availableStatement(
  db: DbOrTx,
  userId: number,
  range: { from: Date; to: Date },
  limit: number,
  currency = 'USDT',
): Promise<AvailableStatement> {
  const availableKey = `user:${userId}:available:${currency}`;
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  // ONE statement, so the balances and the events are one snapshot of the books whatever the
  // isolation level: a journal committed meanwhile is in all of them or in none. One event per journal
  // that touched the user's accounts in this currency; its legs and the kinds of the later journals of
  // the same reference (a withdrawal paid, an order settled) give its meaning. The balance row comes
  // first (its sort key is null), then the events oldest first.
  const rows = await queryRows<Row & { opening: string | null; closing: string | null }>(
    db,
    sql`
    WITH balances AS (
      SELECT COALESCE(SUM(q.amount) FILTER (WHERE date_trunc('milliseconds', q.created_at) < ${from}::timestamptz), 0)::text AS opening,
             COALESCE(SUM(q.amount) FILTER (WHERE date_trunc('milliseconds', q.created_at) < ${to}::timestamptz), 0)::text AS closing
      FROM ledger_postings q JOIN ledger_accounts a ON a.id = q.account_id
      WHERE a.key = ${availableKey}
    ),
    events AS (
      SELECT p.journal_id, min(p.id) AS first_id, min(p.created_at) AS created_at
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE p.user_id = ${userId} AND a.currency = ${currency}
        AND date_trunc('milliseconds', p.created_at) >= ${from}::timestamptz
        AND date_trunc('milliseconds', p.created_at) < ${to}::timestamptz
      GROUP BY p.journal_id
      ORDER BY min(p.created_at), min(p.id)
      LIMIT ${limit + 1}
    )
    SELECT b.opening, b.closing, NULL AS journal_id, NULL AS kind, NULL AS reference_type, NULL AS reference_id,
           NULL AS memo, NULL::timestamptz AS created_at, NULL AS legs, NULL AS followed_by, NULL::bigint AS first_id
    FROM balances b
    UNION ALL
    SELECT NULL, NULL, e.journal_id::text, j.kind, j.reference_type, j.reference_id, j.memo, e.created_at,
           legs.legs, followed.kinds, e.first_id
    FROM events e
    JOIN ledger_journals j ON j.id = e.journal_id
    CROSS JOIN LATERAL (
      SELECT json_agg(json_build_object('account', a.kind, 'amount', q.amount::text) ORDER BY q.id)::text AS legs
      FROM ledger_postings q JOIN ledger_accounts a ON a.id = q.account_id
      WHERE q.journal_id = e.journal_id AND q.user_id = ${userId} AND a.currency = ${currency}
    ) legs
    CROSS JOIN LATERAL (
      SELECT COALESCE(json_agg(later.kind ORDER BY later.id), '[]')::text AS kinds
      FROM ledger_journals later
      WHERE later.reference_type = j.reference_type AND later.reference_id = j.reference_id AND later.id > j.id
    ) followed
    ORDER BY created_at NULLS FIRST, first_id`,
  );
  const [balances, ...eventRows] = rows;
  if (!balances || balances.opening === null || balances.closing === null) {
    throw new Error('availableStatement: the balance row is missing');
  }
  const isTruncated = eventRows.length > limit;
  const opening = BigInt(balances.opening);
  let running = opening;
  const events = eventRows.slice(0, limit).map((row) => {
    const event = toStatementEvent(row, running);
    running = event.availableAfter;
    return event;
  });
  return { opening, closing: BigInt(balances.closing), events, isTruncated };
}

function toStatementEvent(row: Row, before: bigint): StatementEvent {
  const legs = (JSON.parse(row.legs) as Array<{ account: UserAccountKind; amount: string }>).map((leg) => ({
    account: leg.account,
    amount: BigInt(leg.amount),
  }));
  const meaning = describeEvent({ kind: row.kind, legs, followedBy: JSON.parse(row.followed_by) as JournalKind[] });
  return {
    journalId: row.journal_id,
    kind: row.kind,
    referenceType: row.reference_type,
    referenceId: row.reference_id,
    memo: row.kind === 'adjustment' ? row.memo : null,
    createdAt: new Date(row.created_at),
    availableChange: meaning.availableChange,
    availableAfter: before + meaning.availableChange,
    grossAmount: meaning.grossAmount,
    fee: meaning.fee,
    state: meaning.state,
  };
}
