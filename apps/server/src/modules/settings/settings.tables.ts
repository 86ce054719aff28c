import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-editable platform settings, one row per key; defaults live in code. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});
