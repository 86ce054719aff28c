import type { LocalizedText } from '@app/contract/content';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Announcements and help articles (DESIGN.md 6.7). Texts are jsonb `{ en, vn, zn }` (an empty string
 * is a language not written yet). Only the content module writes these tables.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    published: boolean('published').notNull().default(false),
    /** Set on the first publication and kept, so republishing does not bump an old notice to the top. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    /** Seeded notices carry a key so a restart never seeds them twice, even after an operator deletes one. */
    seedKey: text('seed_key'),
    /** Deleted notices stay as rows (the audit log points at them) but nobody sees them again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('notices_seed_key_unique').on(t.seedKey),
    index('notices_public_order_idx')
      .on(t.pinned, t.publishedAt, t.id)
      .where(sql`${t.published} AND ${t.deletedAt} IS NULL`),
  ],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    category: text('category').notNull(),
    sort: integer('sort').notNull().default(0),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [uniqueIndex('help_articles_slug_unique').on(t.slug)],
);
