import type { saveBankListItemRequestSchema } from '@app/contract/wallet';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { banks } from './wallet.tables.js';

/** The list of banks users may bind a card of, kept by finance; each change is audited. */

type BankRow = typeof banks.$inferSelect;
type BankListItem = z.infer<typeof saveBankListItemRequestSchema>;

function toAdminBank(row: BankRow) {
  return { id: String(row.id), name: row.name, enabled: row.enabled, sort: row.sort, currency: row.currency ?? '' };
}

/** The columns of an input: an empty currency is stored as none. */
function toColumns(input: Partial<BankListItem>) {
  const { currency, ...rest } = input;
  return currency === undefined ? rest : { ...rest, currency: currency || null };
}

export async function listBanks(db: DbOrTx) {
  const rows = await db.select().from(banks).orderBy(asc(banks.sort), asc(banks.id));
  return rows.map(toAdminBank);
}

export async function createBank(db: Db, input: BankListItem, actor: AuditActor) {
  const bank = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(banks)
      .values({ ...input, currency: input.currency || null })
      .returning();
    await recordAudit(tx, actor, {
      action: 'bank.create',
      targetType: 'bank',
      targetId: row!.id,
      after: toAdminBank(row!),
    });
    return row!;
  });
  return toAdminBank(bank);
}

export async function updateBank(db: Db, id: number, changes: Partial<BankListItem>, actor: AuditActor) {
  const bank = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(banks).where(eq(banks.id, id));
    if (!before) throw new AppError('not_found');
    const [after] = await tx.update(banks).set(toColumns(changes)).where(eq(banks.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'bank.update',
      targetType: 'bank',
      targetId: id,
      before: toAdminBank(before),
      after: toAdminBank(after!),
    });
    return after!;
  });
  return toAdminBank(bank);
}
