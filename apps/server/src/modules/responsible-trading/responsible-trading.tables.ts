import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The limits a user sets on themselves (issue 14), one row per user and limit. `value` is in force;
 * a raise or removal waits in `pending_value` (null: removal) until `pending_effective_at` (24 h after it
 * was asked; null: nothing waits)
 * and is read as in force from then on (effectiveLimit in limit-rules.ts), so no job has to apply it.
 * Money limits are USDT minor units; `sessionMinutes` is minutes. A null value is "no limit".
 */
export const responsibleLimits = pgTable(
  'responsible_limits',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'bigint' }),
    pendingValue: bigint('pending_value', { mode: 'bigint' }),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true, precision: 3 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'responsible_limits_pk', columns: [t.userId, t.name] }),
    check(
      'responsible_limits_positive',
      sql`(${t.value} IS NULL OR ${t.value} > 0) AND (${t.pendingValue} IS NULL OR ${t.pendingValue} > 0)`,
    ),
  ],
);

/**
 * The reality check interval and the exclusion of one user. An exclusion is never shortened or
 * removed by any code path: a new one may only end later (the service), and a trigger refuses an
 * update that would move `excluded_until` earlier while it is in force.
 */
export const responsibleSettings = pgTable('responsible_settings', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  realityCheckMinutes: integer('reality_check_minutes'),
  exclusionKind: text('exclusion_kind', { enum: ['cool_off', 'self_exclusion'] }),
  excludedSince: timestamp('excluded_since', { withTimezone: true, precision: 3 }),
  excludedUntil: timestamp('excluded_until', { withTimezone: true, precision: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
