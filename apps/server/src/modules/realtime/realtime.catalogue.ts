import type { Db } from '../../db/client.js';
import { listProductRows } from '../markets/markets.service.js';

/** How long the symbol list is trusted; operators adding or disabling a product wait at most this. */
const FRESH_MS = 30_000;
/** An unknown symbol reloads the list, but not more often than this (clients cannot make us hammer it). */
const MISS_RELOAD_MS = 5_000;

/**
 * The enabled products' symbols and price precisions, for refusing unknown symbols and formatting
 * prices. One database read per FRESH_MS, shared by every socket of the app.
 */
export class SymbolCatalogue {
  private precisions = new Map<string, number>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** The symbol's price precision, or undefined when no enabled product has that symbol. */
  async precisionOf(symbol: string): Promise<number | undefined> {
    const age = Date.now() - this.loadedAt;
    if (age > FRESH_MS || (!this.precisions.has(symbol) && age > MISS_RELOAD_MS)) await this.reload();
    return this.precisions.get(symbol);
  }

  private reload(): Promise<void> {
    this.loading ??= listProductRows(this.db)
      .then((rows) => {
        this.precisions = new Map(rows.map((r) => [r.symbol, r.pricePrecision]));
        this.loadedAt = Date.now();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
