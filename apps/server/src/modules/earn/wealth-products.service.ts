import type { Lang } from '@app/contract/lang';
import { formatAmount, parseAmount } from '@app/contract/money';
import { type LocalizedName, nameIn, resolvedNames } from '@app/contract/product-names';
import {
  type AdminWealthProduct,
  type CreateWealthProductRequest,
  formatRatePpm,
  parseRatePpm,
  type UpdateWealthProductRequest,
  type WealthProduct,
} from '@app/contract/wealth';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { wealthOrders, wealthProducts } from './wealth.tables.js';

/** Locked-deposit products: what the app lists, and what the back office creates and edits. */

export type WealthProductRow = typeof wealthProducts.$inferSelect;

/** `lang`: the request's language, which `name` is in. */
export function toWealthProduct(row: WealthProductRow, lang: Lang): WealthProduct {
  return {
    id: String(row.id),
    name: nameIn(row.nameI18n, lang),
    nameI18n: resolvedNames(row.nameI18n),
    currency: row.currency,
    cycleDays: row.cycleDays,
    dailyRate: formatRatePpm(row.dailyRatePpm),
    minAmount: formatAmount(row.minAmount),
    maxPerUser: formatAmount(row.maxPerUser),
    quotaTotal: formatAmount(row.quotaTotal),
    quotaRemaining: formatAmount(row.quotaTotal - row.soldAmount),
  };
}

export async function listEnabledProducts(db: DbOrTx, lang: Lang): Promise<WealthProduct[]> {
  const rows = await db
    .select()
    .from(wealthProducts)
    .where(eq(wealthProducts.enabled, true))
    .orderBy(asc(wealthProducts.sort), asc(wealthProducts.id));
  return rows.map((row) => toWealthProduct(row, lang));
}

/** An enabled product, or wealth_product_not_found (a disabled one is hidden from users). */
export async function getEnabledProduct(db: DbOrTx, id: number): Promise<WealthProductRow> {
  const [row] = await db.select().from(wealthProducts).where(eq(wealthProducts.id, id));
  if (!row?.enabled) throw new AppError('wealth_product_not_found');
  return row;
}

// Back office

async function toAdminProducts(db: DbOrTx, rows: WealthProductRow[]): Promise<AdminWealthProduct[]> {
  const counts = await db
    .select({ productId: wealthOrders.productId, n: count() })
    .from(wealthOrders)
    .where(eq(wealthOrders.status, 'earning'))
    .groupBy(wealthOrders.productId);
  const earning = new Map(counts.map((c) => [c.productId, c.n]));
  return rows.map((row) => ({
    // The back office reads and edits the names as stored: an empty vn or zn is not written yet.
    ...toWealthProduct(row, 'en'),
    nameI18n: row.nameI18n,
    enabled: row.enabled,
    sort: row.sort,
    soldAmount: formatAmount(row.soldAmount),
    earningOrders: earning.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listAdminProducts(db: DbOrTx): Promise<AdminWealthProduct[]> {
  const rows = await db.select().from(wealthProducts).orderBy(asc(wealthProducts.sort), asc(wealthProducts.id));
  return toAdminProducts(db, rows);
}

/** The editable terms, as the audit log records them. */
function editableView(row: WealthProductRow) {
  return {
    name: row.name,
    nameI18n: row.nameI18n,
    cycleDays: row.cycleDays,
    dailyRate: formatRatePpm(row.dailyRatePpm),
    minAmount: formatAmount(row.minAmount),
    maxPerUser: formatAmount(row.maxPerUser),
    quotaTotal: formatAmount(row.quotaTotal),
    enabled: row.enabled,
    sort: row.sort,
  };
}

/**
 * The English `name` column and the three names, from `nameI18n` or else the English `name` alone
 * (which keeps the other languages of `before`). The request schema makes a new product have one.
 */
function namesOf(
  input: { name?: string; nameI18n?: LocalizedName },
  before: LocalizedName = { en: '', vn: '', zn: '' },
): { name: string; nameI18n: LocalizedName } {
  const nameI18n = input.nameI18n
    ? { en: input.nameI18n.en, vn: input.nameI18n.vn, zn: input.nameI18n.zn }
    : { ...before, en: input.name ?? before.en };
  return { name: nameI18n.en, nameI18n };
}

function ratePpm(rate: string): number {
  const ppm = parseRatePpm(rate);
  // The request schema accepted it, so it is a rate.
  if (ppm === null) throw new Error(`not a rate: ${rate}`);
  return ppm;
}

export async function createProduct(
  db: Db,
  input: CreateWealthProductRequest,
  actor: AuditActor,
): Promise<AdminWealthProduct> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(wealthProducts)
      .values({
        ...namesOf(input),
        cycleDays: input.cycleDays,
        dailyRatePpm: ratePpm(input.dailyRate),
        minAmount: parseAmount(input.minAmount),
        maxPerUser: parseAmount(input.maxPerUser),
        quotaTotal: parseAmount(input.quotaTotal),
        enabled: input.enabled,
        sort: input.sort,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'wealth_product.create',
      targetType: 'wealth_product',
      targetId: created!.id,
      after: editableView(created!),
    });
    return created!;
  });
  const [product] = await toAdminProducts(db, [row]);
  return product!;
}

/**
 * Changes the terms of future purchases; orders already sold keep the cycle and rate they were
 * sold with. The quota may not drop below what is already sold (the product row is locked, so a
 * purchase cannot slip in between the check and the write).
 */
export async function updateProduct(
  db: Db,
  id: number,
  changes: UpdateWealthProductRequest,
  actor: AuditActor,
): Promise<AdminWealthProduct> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(wealthProducts).where(eq(wealthProducts.id, id)).for('update');
    if (!before) throw new AppError('wealth_product_not_found');
    const next = {
      ...namesOf(changes, before.nameI18n),
      cycleDays: changes.cycleDays ?? before.cycleDays,
      dailyRatePpm: changes.dailyRate === undefined ? before.dailyRatePpm : ratePpm(changes.dailyRate),
      minAmount: changes.minAmount === undefined ? before.minAmount : parseAmount(changes.minAmount),
      maxPerUser: changes.maxPerUser === undefined ? before.maxPerUser : parseAmount(changes.maxPerUser),
      quotaTotal: changes.quotaTotal === undefined ? before.quotaTotal : parseAmount(changes.quotaTotal),
      enabled: changes.enabled ?? before.enabled,
      sort: changes.sort ?? before.sort,
    };
    if (next.quotaTotal < before.soldAmount) throw new AppError('wealth_quota_below_sold');
    if (next.minAmount > next.maxPerUser) {
      throw new AppError('validation_failed', { fieldKeys: { minAmount: 'wealth_min_above_max' } });
    }
    const [after] = await tx
      .update(wealthProducts)
      .set({ ...next, updatedAt: sql`now()` })
      .where(and(eq(wealthProducts.id, id)))
      .returning();
    await recordAudit(tx, actor, {
      action: 'wealth_product.update',
      targetType: 'wealth_product',
      targetId: id,
      before: editableView(before),
      after: editableView(after!),
    });
    return after!;
  });
  const [product] = await toAdminProducts(db, [row]);
  return product!;
}
