import type { Db } from '../../db/client.js';
import { getProductRow } from './markets.service.js';
import type { products } from './markets.tables.js';

type ProductRow = typeof products.$inferSelect;

/**
 * Product rows as order/create reads them, kept in memory: the rules change rarely and every order
 * needs them. A copy is never trusted blindly: the order is placed only if the row's `updated_at`
 * still matches (order_place_batch, migration 0013); when it does not, the caller drops the copy
 * (`forgetProduct`) and reads the row again.
 */
const cached = new WeakMap<Db, Map<string, ProductRow>>();

export async function cachedProductRow(db: Db, symbol: string): Promise<ProductRow> {
  let rows = cached.get(db);
  if (!rows) {
    rows = new Map();
    cached.set(db, rows);
  }
  const hit = rows.get(symbol);
  if (hit) return hit;
  const row = await getProductRow(db, symbol);
  rows.set(symbol, row);
  return row;
}

export function forgetProduct(db: Db, symbol: string): void {
  cached.get(db)?.delete(symbol);
}
