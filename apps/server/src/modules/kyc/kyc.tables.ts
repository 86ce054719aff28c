import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    realName: text('real_name').notNull(),
    idNumber: text('id_number').notNull(),
    /** Random file names under DATA_DIR/uploads/kyc; never served statically. */
    frontFile: text('front_file').notNull(),
    backFile: text('back_file').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.id),
    index('kyc_submissions_status_idx').on(t.status, t.id),
    // At most one submission per user that is pending or approved: a resubmission needs a rejection.
    uniqueIndex('kyc_submissions_one_open_per_user').on(t.userId).where(sql`${t.status} IN ('pending', 'approved')`),
  ],
);
