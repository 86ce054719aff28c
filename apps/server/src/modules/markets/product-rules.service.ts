import type { AdminProduct, UpdateProductRequest } from '@app/contract/admin-markets';
import { parseAmount } from '@app/contract/money';
import { parseRateBp } from '@app/contract/order-rules';
import type { LocalizedName } from '@app/contract/product-names';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { lastTicks, toProduct } from './markets.service.js';
import { type PeriodRule, products } from './markets.tables.js';
import type { MarketStreamConfig } from './price-source.js';
import { formatPrice } from './prices.js';

/**
 * The trading rules operators edit (DESIGN.md 8): name (in three languages), visibility, order, fee
 * rate and periods.
 * Prices, precision and volatility are not editable, and open orders keep the rules they were
 * accepted with (each order stores its own payout rate, stake, fee and period).
 */

type ProductRow = typeof products.$inferSelect;

function toAdminProduct(
  row: ProductRow,
  last: { time: Date; price: bigint } | undefined,
  stream: MarketStreamConfig | null,
): AdminProduct {
  return {
    // The back office reads and edits the names as stored: an empty vn or zn is not written yet.
    ...toProduct(row, stream, 'en'),
    nameI18n: row.nameI18n,
    enabled: row.enabled,
    sort: row.sort,
    last: last ? formatPrice(last.price, row.pricePrecision) : null,
    lastTickAt: last?.time.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every product, disabled ones too, in the app's order. */
export async function listAdminProducts(db: DbOrTx, stream: MarketStreamConfig | null): Promise<AdminProduct[]> {
  const [rows, last] = await Promise.all([
    db.select().from(products).orderBy(asc(products.sort), asc(products.symbol)),
    lastTicks(db),
  ]);
  return rows.map((row) => toAdminProduct(row, last.get(row.symbol), stream));
}

/** The editable part of a product as the audit log shows it. */
function editableView(row: ProductRow) {
  // The source is configuration, not an editable rule: any value serves here.
  const { feeRate, periods } = toProduct(row, null, 'en');
  return { name: row.name, nameI18n: row.nameI18n, enabled: row.enabled, sort: row.sort, feeRate, periods };
}

function toPeriodRules(periods: NonNullable<UpdateProductRequest['periods']>): PeriodRule[] {
  return [...periods]
    .sort((a, b) => a.seconds - b.seconds)
    .map((p) => ({
      seconds: p.seconds,
      payoutRateBp: basisPoints(p.payoutRate),
      minStakeMinor: String(parseAmount(p.minStake)),
      maxStakeMinor: String(parseAmount(p.maxStake)),
    }));
}

/** `nameI18n` replaces all three names; the English `name` alone replaces the English one. */
function nextNames(before: LocalizedName, changes: UpdateProductRequest): LocalizedName {
  if (changes.nameI18n) return { en: changes.nameI18n.en, vn: changes.nameI18n.vn, zn: changes.nameI18n.zn };
  if (changes.name !== undefined) return { ...before, en: changes.name };
  return before;
}

function basisPoints(rate: string): number {
  const bp = parseRateBp(rate);
  // The request schema accepted it, so it is a rate.
  if (bp === null) throw new Error(`not a rate: ${rate}`);
  return bp;
}

/** Applies the changes and writes one audit row with the product's rules before and after. */
export async function updateProduct(
  db: Db,
  symbol: string,
  changes: UpdateProductRequest,
  actor: AuditActor,
  stream: MarketStreamConfig | null,
): Promise<AdminProduct> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.symbol, symbol)).for('update');
    if (!before) throw new AppError('product_not_found');
    const nameI18n = nextNames(before.nameI18n, changes);
    const next = {
      name: nameI18n.en,
      nameI18n,
      enabled: changes.enabled ?? before.enabled,
      sort: changes.sort ?? before.sort,
      feeRateBp: changes.feeRate === undefined ? before.feeRateBp : basisPoints(changes.feeRate),
      periods: changes.periods === undefined ? before.periods : toPeriodRules(changes.periods),
    };
    const [after] = await tx
      .update(products)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(products.symbol, symbol))
      .returning();
    await recordAudit(tx, actor, {
      action: 'product.update',
      targetType: 'product',
      targetId: symbol,
      before: editableView(before),
      after: editableView(after!),
    });
    return after!;
  });
  const last = (await lastTicks(db)).get(symbol);
  return toAdminProduct(updated, last, stream);
}
