import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only: a migration adds a trigger that refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: bigint('admin_id', { mode: 'number' }),
    adminUsername: text('admin_username'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_admin_idx').on(t.adminId, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);
