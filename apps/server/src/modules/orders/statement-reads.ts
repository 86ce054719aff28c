import type { Lang } from '@app/contract/lang';
import type { Order } from '@app/contract/markets';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { MarketStreamConfig } from '../markets/price-source.js';
import { orders } from './orders.tables.js';
import { toOrders } from './reading.js';

/**
 * The user's orders accepted in [from, to), oldest first, as the screens read them (open ones too:
 * a statement says where each order stands now). At most `limit`; `isTruncated` says more exist.
 */
export async function userOrdersAcceptedBetween(
  db: DbOrTx,
  userId: number,
  range: { from: Date; to: Date },
  limit: number,
  stream: MarketStreamConfig | null,
  lang: Lang,
): Promise<{ orders: Order[]; isTruncated: boolean }> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        // Practice orders are in no real statement (issue 14).
        eq(orders.account, 'real'),
        gte(orders.acceptedAt, range.from),
        lt(orders.acceptedAt, range.to),
      ),
    )
    .orderBy(asc(orders.acceptedAt), asc(orders.id))
    .limit(limit + 1);
  return { orders: await toOrders(db, rows.slice(0, limit), stream, lang), isTruncated: rows.length > limit };
}
