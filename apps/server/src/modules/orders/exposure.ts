import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** `account`: real or practice (issue 14), each its own exposure; absent reads as real. */
type Stake = { symbol: string; direction: string; account?: string; amount: bigint };

/**
 * The open stake per product and direction (table order_exposure, migration 0013) that the exposure
 * limit is checked against. Placement (order-placer.ts) adds the orders it places; these keep it for the
 * other ways an order opens or closes, in the transaction that opens or closes it. The rows are
 * locked in key order, before any ledger account, as order_placement_snapshot locks them, so the two never
 * wait on each other in a circle.
 */
export async function addExposure(tx: Tx, stakes: readonly Stake[]): Promise<void> {
  const buckets = bucketsOf(stakes);
  if (buckets === null) return;
  await tx.execute(
    sql`INSERT INTO order_exposure (symbol, direction, account, open_amount)
      SELECT d.symbol, d.direction, d.account, d.amount
      FROM jsonb_to_recordset(${buckets}::jsonb) AS d(symbol text, direction text, account text, amount bigint)
      ORDER BY d.symbol, d.direction, d.account
      ON CONFLICT (symbol, direction, account) DO UPDATE SET open_amount = order_exposure.open_amount + EXCLUDED.open_amount`,
  );
}

/** Takes settled (or voided) stakes off the open exposure. */
export async function releaseExposure(tx: Tx, stakes: readonly Stake[]): Promise<void> {
  const buckets = bucketsOf(stakes);
  if (buckets === null) return;
  await tx.execute(
    sql`SELECT 1 FROM order_exposure e
      JOIN jsonb_to_recordset(${buckets}::jsonb) AS d(symbol text, direction text, account text, amount bigint)
        ON d.symbol = e.symbol AND d.direction = e.direction AND d.account = e.account
      ORDER BY e.symbol, e.direction, e.account
      FOR UPDATE OF e`,
  );
  await tx.execute(
    sql`UPDATE order_exposure e SET open_amount = e.open_amount - d.amount
      FROM jsonb_to_recordset(${buckets}::jsonb) AS d(symbol text, direction text, account text, amount bigint)
      WHERE d.symbol = e.symbol AND d.direction = e.direction AND d.account = e.account`,
  );
}

/** The stakes summed per product and direction, in key order, as JSON; null when there are none. */
function bucketsOf(stakes: readonly Stake[]): string | null {
  const sums = new Map<string, Stake>();
  for (const stake of stakes) {
    const account = stake.account ?? 'real';
    const key = `${stake.symbol} ${stake.direction} ${account}`;
    const bucket = sums.get(key) ?? { symbol: stake.symbol, direction: stake.direction, account, amount: 0n };
    bucket.amount += stake.amount;
    sums.set(key, bucket);
  }
  if (sums.size === 0) return null;
  const sorted = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, b]) => b);
  return JSON.stringify(sorted.map((b) => ({ ...b, amount: b.amount.toString() })));
}
