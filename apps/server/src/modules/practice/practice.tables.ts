import { bigint, date, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per practice reset (issue 14): the key (user, platform day) makes "once a day" hold also
 * when two resets arrive at once. The balance itself is on the ledger (currency PUSDT).
 */
export const practiceResets = pgTable(
  'practice_resets',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The platform date (config.platformTimeZone) of the reset. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'practice_resets_pk', columns: [t.userId, t.day] })],
);
