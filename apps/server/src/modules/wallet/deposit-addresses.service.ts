import type { RechargeAddress } from '@app/contract/wallet';
import type { WalletRules } from '@app/contract/wallet-rules';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { usernamesByIds } from '../users/users.service.js';
import { isValidTronAddress } from './tron.js';
import { depositAddresses } from './wallet.tables.js';

/** The pool of platform TRC20 deposit addresses: finance imports them, each user is given one for good. */

/** The user's TRC20 deposit address: the one they have, or the next free one of the pool, for good. */
export async function rechargeAddress(db: Db, userId: number, rules: WalletRules): Promise<RechargeAddress> {
  const found = async () =>
    (
      await db
        .select()
        .from(depositAddresses)
        .where(and(eq(depositAddresses.network, 'TRC20'), eq(depositAddresses.userId, userId)))
    )[0];
  let row = await found();
  if (!row) {
    try {
      [row] = await db
        .update(depositAddresses)
        .set({ userId, assignedAt: sql`now()` })
        .where(
          sql`${depositAddresses.id} = (SELECT id FROM deposit_addresses WHERE network = 'TRC20' AND user_id IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        )
        .returning();
    } catch (error) {
      // The same user asked twice at once: the other request got the address.
      if (!isUniqueViolation(error, 'deposit_addresses_user_key')) throw error;
      row = await found();
    }
  }
  if (!row) throw new AppError('deposit_address_unavailable');
  return { address: row.address, network: 'TRC20', minAmount: rules.depositMinAmount };
}

export async function listDepositAddresses(
  db: DbOrTx,
  filter: { assigned?: 'yes' | 'no' },
  page: { page: number; pageSize: number },
) {
  const where =
    filter.assigned === 'yes'
      ? isNotNull(depositAddresses.userId)
      : filter.assigned === 'no'
        ? isNull(depositAddresses.userId)
        : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(depositAddresses)
      .where(where)
      .orderBy(desc(depositAddresses.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(depositAddresses).where(where),
  ]);
  const names = await usernamesByIds(
    db,
    rows.flatMap((a) => (a.userId === null ? [] : [a.userId])),
  );
  const list = rows.map((a) => ({
    id: String(a.id),
    network: 'TRC20' as const,
    address: a.address,
    username: a.userId === null ? null : (names.get(a.userId) ?? null),
    assignedAt: a.assignedAt?.toISOString() ?? null,
    importedAt: a.importedAt.toISOString(),
  }));
  return { list, total: totalRow?.total ?? 0, ...page };
}

/** Imports platform deposit addresses, one per line; invalid ones are reported, duplicates skipped. */
export async function importDepositAddresses(db: Db, text: string, actor: AuditActor) {
  const lines = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  const invalid = lines.filter((l) => !isValidTronAddress(l));
  const valid = lines.filter((l) => isValidTronAddress(l));
  let imported = 0;
  for (let i = 0; i < valid.length; i += 500) {
    const chunk = valid.slice(i, i + 500);
    const rows = await db
      .insert(depositAddresses)
      .values(chunk.map((address) => ({ address, importedBy: actor.adminId })))
      .onConflictDoNothing({ target: depositAddresses.address })
      .returning({ id: depositAddresses.id });
    imported += rows.length;
  }
  const result = { imported, duplicates: valid.length - imported, invalid: invalid.slice(0, 100) };
  await recordAudit(db, actor, {
    action: 'deposit_addresses.import',
    targetType: 'deposit_addresses',
    after: { imported: result.imported, duplicates: result.duplicates, invalid: result.invalid.length },
  });
  return result;
}
