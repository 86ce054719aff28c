import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** `account`: real or practice (issue 14), each its own exposure; absent reads as real. */
type Stake = { symbol: string; direction: string; account?: string; amount: bigint };

/**
 * The open stake per product and direction (table order_exposure, migration 0013) that the exposure
 * limit is checked against. Placement (order-placer.ts) adds the orders it places; these keep it for the
 * other ways an order opens or closes, in the transaction that opens or closes it.
 *
 * Lock order: the rows are changed last in a transaction, after any ledger account, one by one in key
 * order (database function order_exposure_change), as order placement changes them, so the two never
 * wait on each other in a circle.
 */
export async function addExposure(tx: Tx, stakes: readonly Stake[]): Promise<void> {
  const buckets = bucketsOf(stakes);
  if (buckets.length === 0) return;
  const payload = buckets.map((b) => ({ ...b, amount: b.amount.toString() }));
  await tx.execute(
    sql`INSERT INTO order_exposure (symbol, direction, account, open_amount)
      SELECT d.symbol, d.direction, d.account, d.amount
      FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS d(symbol text, direction text, account text, amount bigint)
      ORDER BY d.symbol, d.direction, d.account
      ON CONFLICT (symbol, direction, account) DO UPDATE SET open_amount = order_exposure.open_amount + EXCLUDED.open_amount`,
  );
}

/** Takes settled (or voided) stakes off the open exposure; call it after the transaction's ledger postings. */
export async function releaseExposure(tx: Tx, stakes: readonly Stake[]): Promise<void> {
  await changeExposure(
    tx,
    bucketsOf(stakes).map((b) => ({ ...b, amount: -b.amount, max: null })),
  );
}

export type ExposureBucket = { symbol: string; direction: string; account: string; amount: bigint };

/**
 * Adds `amount` to each bucket's open stake (negative takes it off) unless it would pass the bucket's
 * `max`. Answers how many buckets were left unchanged for that (or for a missing row); the caller rolls
 * its transaction back then. Without a max, a bucket left unchanged is a bug, and throws.
 */
async function changeExposure(
  tx: Tx,
  buckets: ReadonlyArray<ExposureBucket & { max: bigint | null }>,
): Promise<number> {
  if (buckets.length === 0) return 0;
  const payload = buckets.map((b) => ({
    symbol: b.symbol,
    direction: b.direction,
    account: b.account,
    amount: b.amount.toString(),
    max: b.max === null ? null : b.max.toString(),
  }));
  const [row] = await queryRows<{ refused: number }>(
    tx,
    sql`SELECT order_exposure_change(${JSON.stringify(payload)}::jsonb) AS refused`,
  );
  const refused = Number(row!.refused);
  if (refused > 0 && buckets.every((b) => b.max === null)) {
    throw new Error('order exposure: a product side to change has no row');
  }
  return refused;
}

/**
 * Creates the exposure rows of product sides that have none yet (at 0), in a statement of its own:
 * order placement runs it outside its batch transaction, so that no batch holds a new row's lock out
 * of key order. Only product sides of existing products get a row.
 */
export async function ensureExposureRows(db: Db | Tx, buckets: ReadonlyArray<Omit<ExposureBucket, 'amount'>>) {
  if (buckets.length === 0) return;
  const payload = buckets.map((b) => ({ symbol: b.symbol, direction: b.direction, account: b.account }));
  await db.execute(
    sql`INSERT INTO order_exposure (symbol, direction, account)
      SELECT d.symbol, d.direction, d.account
      FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS d(symbol text, direction text, account text)
      WHERE EXISTS (SELECT 1 FROM products p WHERE p.symbol = d.symbol)
        AND NOT EXISTS (SELECT 1 FROM order_exposure e
          WHERE e.symbol = d.symbol AND e.direction = d.direction AND e.account = d.account)
      ORDER BY d.symbol, d.direction, d.account
      ON CONFLICT DO NOTHING`,
  );
}

/** The stakes summed per product, direction and account. */
export function bucketsOf(stakes: readonly Stake[]): ExposureBucket[] {
  const sums = new Map<string, ExposureBucket>();
  for (const stake of stakes) {
    const account = stake.account ?? 'real';
    const key = `${stake.symbol} ${stake.direction} ${account}`;
    const bucket = sums.get(key) ?? { symbol: stake.symbol, direction: stake.direction, account, amount: 0n };
    bucket.amount += stake.amount;
    sums.set(key, bucket);
  }
  return [...sums.values()];
}
