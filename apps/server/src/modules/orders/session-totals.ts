import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/**
 * The reality check's numbers (issue 14): the user's orders accepted since `since` (the session's
 * sign-in). Void orders count nowhere (stake and fee came back). `won`: payouts of won orders; `lost`:
 * stake + fee of lost orders and the fee of ties; `net`: payouts − stakes − fees of the settled ones.
 * Practice orders (account 'practice', PUSDT) count nowhere: only real ones are read.
 */
export async function sessionOrderTotals(db: DbOrTx, userId: number, since: Date) {
  const [row] = await queryRows<{ orders: number; stake: string; won: string; lost: string; net: string }>(
    db,
    sql`SELECT count(*) FILTER (WHERE o.status <> 'void')::integer AS orders,
        coalesce(sum(o.amount) FILTER (WHERE o.status <> 'void'), 0)::text AS stake,
        coalesce(sum(o.payout) FILTER (WHERE o.status = 'won'), 0)::text AS won,
        (coalesce(sum(o.amount + o.fee) FILTER (WHERE o.status = 'lost'), 0)
          + coalesce(sum(o.fee) FILTER (WHERE o.status = 'tie'), 0))::text AS lost,
        coalesce(sum(coalesce(o.payout, 0) - o.amount - o.fee) FILTER (WHERE o.status IN ('won', 'lost', 'tie')), 0)::text AS net
      FROM orders o
      WHERE o.user_id = ${userId} AND o.account = 'real' AND o.accepted_at >= ${since.toISOString()}::timestamptz`,
  );
  return {
    orders: row?.orders ?? 0,
    stake: BigInt(row?.stake ?? 0),
    won: BigInt(row?.won ?? 0),
    lost: BigInt(row?.lost ?? 0),
    net: BigInt(row?.net ?? 0),
  };
}
