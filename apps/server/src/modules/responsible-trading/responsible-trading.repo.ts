import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { StoredLimit } from './limit-rules.js';
import { responsibleLimits, responsibleSettings } from './responsible-trading.tables.js';

export type SettingsRow = typeof responsibleSettings.$inferSelect;

/** The user's limits as stored, by name; `forUpdate` locks them (a change decides on what it read). */
export async function findLimits(db: DbOrTx, userId: number, forUpdate = false): Promise<Map<string, StoredLimit>> {
  const query = db.select().from(responsibleLimits).where(eq(responsibleLimits.userId, userId));
  const rows = forUpdate ? await query.for('update') : await query;
  return new Map(
    rows.map((r) => [r.name, { value: r.value, pendingValue: r.pendingValue, pendingAt: r.pendingEffectiveAt }]),
  );
}

/** One of the user's limits as stored; undefined when they never set it. A primary-key read. */
export async function findLimit(db: DbOrTx, userId: number, name: string): Promise<StoredLimit | undefined> {
  const [row] = await db
    .select({
      value: responsibleLimits.value,
      pendingValue: responsibleLimits.pendingValue,
      pendingAt: responsibleLimits.pendingEffectiveAt,
    })
    .from(responsibleLimits)
    .where(and(eq(responsibleLimits.userId, userId), eq(responsibleLimits.name, name)));
  return row;
}

export async function saveLimit(tx: Tx, userId: number, name: string, limit: StoredLimit): Promise<void> {
  const values = { value: limit.value, pendingValue: limit.pendingValue, pendingEffectiveAt: limit.pendingAt };
  await tx
    .insert(responsibleLimits)
    .values({ userId, name, ...values })
    .onConflictDoUpdate({
      target: [responsibleLimits.userId, responsibleLimits.name],
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function findSettings(db: DbOrTx, userId: number, forUpdate = false): Promise<SettingsRow | undefined> {
  const query = db.select().from(responsibleSettings).where(eq(responsibleSettings.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function saveRealityCheck(db: DbOrTx, userId: number, minutes: number | null): Promise<void> {
  await db
    .insert(responsibleSettings)
    .values({ userId, realityCheckMinutes: minutes })
    .onConflictDoUpdate({
      target: responsibleSettings.userId,
      set: { realityCheckMinutes: minutes, updatedAt: sql`now()` },
    });
}

export async function saveExclusion(
  tx: Tx,
  userId: number,
  exclusion: { kind: 'cool_off' | 'self_exclusion'; since: Date; until: Date },
): Promise<void> {
  const values = { exclusionKind: exclusion.kind, excludedSince: exclusion.since, excludedUntil: exclusion.until };
  await tx
    .insert(responsibleSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: responsibleSettings.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** Serialises a user's deposit requests against the deposit limits (their totals are read after it). */
export async function lockUserDeposits(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7262401, ${userId % 2147483647}::integer)`);
}

/** The money limits and exclusion in force at `at`, as the order snapshot reads them (responsible_limits_at.sql). */
export async function limitsAt(db: DbOrTx, userId: number, at: Date): Promise<unknown> {
  const [row] = await queryRows<{ doc: unknown }>(
    db,
    sql`SELECT responsible_limits_at(${userId}::bigint, ${at.toISOString()}::timestamptz) AS doc`,
  );
  return row?.doc ?? null;
}
