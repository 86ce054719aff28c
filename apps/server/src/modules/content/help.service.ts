import type {
  AdminHelpArticle,
  CreateHelpArticleRequest,
  HelpArticle,
  HelpArticleSummary,
  HelpCategory,
  HelpPlaceholder,
  UpdateHelpArticleRequest,
} from '@app/contract/content';
import { fillPlaceholders, HELP_CATEGORIES, pickLanguage } from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { PlatformSettings } from '../settings/settings.service.js';
import * as repo from './content.repo.js';

/**
 * The values help texts may name as `{placeholder}`, from the settings in force, so an article about
 * withdrawals states today's minimum and fee even after an operator changes them.
 */
export function placeholderValues(
  settings: PlatformSettings,
  platformTimeZone: string,
): Record<HelpPlaceholder, string> {
  const { wallet } = settings;
  return {
    webName: settings.webName,
    currency: 'USDT',
    depositMinAmount: wallet.depositMinAmount,
    withdrawMinAmount: wallet.withdrawMinAmount,
    withdrawFeeFixed: wallet.withdrawFeeFixed,
    withdrawFeePercent: String(wallet.withdrawFeeRateBp / 100),
    withdrawDailyCountMax: String(wallet.withdrawDailyCountMax),
    withdrawSecondApprovalFrom: wallet.withdrawSecondApprovalFrom,
    platformTimeZone,
  };
}

const categoryOf = (value: string): HelpCategory =>
  (HELP_CATEGORIES as readonly string[]).includes(value) ? (value as HelpCategory) : 'account';

function toSummary(row: repo.HelpArticleRow, asked: Lang): HelpArticleSummary {
  const lang = pickLanguage(row.title, row.body, asked);
  return { slug: row.slug, category: categoryOf(row.category), title: row.title[lang], lang };
}

/** Published articles in the help centre's order: by category, then by each article's sort. */
export async function listPublishedArticles(db: DbOrTx, lang: Lang): Promise<HelpArticleSummary[]> {
  const rows = await repo.listHelpArticles(db, { publishedOnly: true });
  const rank = (row: repo.HelpArticleRow) => HELP_CATEGORIES.indexOf(categoryOf(row.category));
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => toSummary(row, lang));
}

export async function getPublishedArticle(
  db: DbOrTx,
  slug: string,
  lang: Lang,
  values: Record<HelpPlaceholder, string>,
): Promise<HelpArticle> {
  const row = await repo.findHelpArticleBySlug(db, slug);
  if (!row?.published) throw new AppError('help_article_not_found');
  const summary = toSummary(row, lang);
  return {
    ...summary,
    title: fillPlaceholders(summary.title, values),
    body: fillPlaceholders(row.body[summary.lang], values),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Back office

export function toAdminHelpArticle(row: repo.HelpArticleRow): AdminHelpArticle {
  return {
    id: String(row.id),
    slug: row.slug,
    category: categoryOf(row.category),
    sort: row.sort,
    title: row.title,
    body: row.body,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy === null ? null : String(row.updatedBy),
  };
}

const auditView = (row: repo.HelpArticleRow) => ({
  slug: row.slug,
  category: row.category,
  sort: row.sort,
  title: row.title,
  body: row.body,
  published: row.published,
});

export async function listAdminArticles(db: DbOrTx): Promise<AdminHelpArticle[]> {
  return (await repo.listHelpArticles(db, { publishedOnly: false })).map(toAdminHelpArticle);
}

export async function createArticle(
  db: Db,
  request: CreateHelpArticleRequest,
  actor: AuditActor,
): Promise<AdminHelpArticle> {
  return db.transaction(async (tx) => {
    const row = await repo.insertHelpArticle(tx, { ...request, adminId: actor.adminId });
    if (!row) throw new AppError('help_slug_taken');
    await recordAudit(tx, actor, {
      action: 'help_article.create',
      targetType: 'help_article',
      targetId: row.id,
      after: auditView(row),
    });
    return toAdminHelpArticle(row);
  });
}

export async function updateArticle(
  db: Db,
  id: number,
  request: UpdateHelpArticleRequest,
  actor: AuditActor,
): Promise<AdminHelpArticle> {
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.findHelpArticleForUpdate(tx, id);
      if (!before) throw new AppError('help_article_not_found');
      const row = await repo.updateHelpArticle(tx, id, { ...request, adminId: actor.adminId });
      await recordAudit(tx, actor, {
        action: 'help_article.update',
        targetType: 'help_article',
        targetId: id,
        before: auditView(before),
        after: auditView(row),
      });
      return toAdminHelpArticle(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'help_articles_slug_unique')) throw new AppError('help_slug_taken');
    throw error;
  }
}
