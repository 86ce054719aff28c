import { getTableColumns } from 'drizzle-orm';
import { orders } from './orders.tables.js';

export type OrderRow = typeof orders.$inferSelect;

const columns = Object.entries(getTableColumns(orders));

/**
 * An order row read by raw SQL (a database function's answer, an UPDATE … FROM … RETURNING) as
 * Drizzle reads it: the columns' own converters, so bigints, timestamps and numbers come out the
 * same whichever driver (node-postgres or PGlite) answered.
 */
export function orderRowFromDatabase(raw: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = {};
  for (const [field, column] of columns) {
    const value = raw[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as OrderRow;
}
