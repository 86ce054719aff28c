import type { Db } from '../../db/client.js';
import * as repo from './content.repo.js';
import { SEED_HELP_ARTICLES, WELCOME_NOTICE } from './help-articles.seed.js';

/**
 * First start: the help centre and the welcome announcement. Later starts add only help articles
 * whose slug is missing and never re-add the welcome notice (its seed key stays, even when deleted),
 * so operators' edits are kept. Safe to run from several processes at once (conflicts do nothing).
 */
export async function seedContent(db: Db): Promise<void> {
  for (const article of SEED_HELP_ARTICLES) {
    await repo.insertHelpArticle(db, { ...article, published: true, adminId: null });
  }
  await repo.insertNotice(db, {
    ...WELCOME_NOTICE,
    pinned: false,
    published: true,
    publishedAt: new Date(),
    adminId: null,
  });
}
