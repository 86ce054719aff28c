import { z } from 'zod';
import { pageRequestSchema } from './common.js';
import { LANGS, type Lang } from './lang.js';

/**
 * Announcements and help articles (DESIGN.md 6.7). Operators write each text in the three languages;
 * readers get the request's language, or another one when that is empty. Bodies are plain text:
 * paragraphs split by blank lines, `- ` bullet lines and `## ` headings; never HTML.
 */

export const NOTICE_TITLE_LENGTH_MAX = 120;
export const NOTICE_BODY_LENGTH_MAX = 20_000;

/** The order in which another language stands in for an empty one. */
export const CONTENT_FALLBACK_ORDER: readonly Lang[] = ['en', 'zn', 'vn'];

/** The help article the trade screen's disclosure links to. */
export const RISK_DISCLOSURE_SLUG = 'risk-disclosure';

/** Help centre groups, in the order the help centre shows them. */
export const HELP_CATEGORIES = ['account', 'wallet', 'trading', 'earn', 'referral', 'risk'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

const titleTextSchema = z.string({ error: 'invalid' }).trim().max(NOTICE_TITLE_LENGTH_MAX, 'text_too_long').default('');
const bodyTextSchema = z.string({ error: 'invalid' }).trim().max(NOTICE_BODY_LENGTH_MAX, 'text_too_long').default('');

/** One text in the three languages; empty strings stand for "not written in this language". */
export const localizedTitleSchema = z.strictObject({ en: titleTextSchema, vn: titleTextSchema, zn: titleTextSchema });
export const localizedBodySchema = z.strictObject({ en: bodyTextSchema, vn: bodyTextSchema, zn: bodyTextSchema });
export type LocalizedText = Record<Lang, string>;

/**
 * A title needs its text and a text its title, language by language, and at least one language must be
 * complete, so a reader always gets something whole.
 */
function checkLanguages(
  value: { title?: LocalizedText; body?: LocalizedText },
  ctx: z.RefinementCtx,
  required: boolean,
): void {
  const { title, body } = value;
  if (!title || !body) {
    if (required) ctx.addIssue({ code: 'custom', path: ['title', 'en'], message: 'content_language_required' });
    return;
  }
  let complete = 0;
  for (const lang of LANGS) {
    if (title[lang] && !body[lang])
      ctx.addIssue({ code: 'custom', path: ['body', lang], message: 'content_body_required' });
    if (!title[lang] && body[lang])
      ctx.addIssue({ code: 'custom', path: ['title', lang], message: 'content_title_required' });
    if (title[lang] && body[lang]) complete += 1;
  }
  if (complete === 0) ctx.addIssue({ code: 'custom', path: ['title', 'en'], message: 'content_language_required' });
}

// Public

export const noticeListRequestSchema = pageRequestSchema;
export type NoticeListRequest = z.infer<typeof noticeListRequestSchema>;

export const noticeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The first paragraph, shortened: enough for a list row. */
  summary: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
  /** The language served: the request's, or the fallback when that one is empty. */
  lang: z.enum(LANGS),
});
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;

export const noticeSchema = noticeSummarySchema.extend({ body: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

export const noticeIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, 'invalid') });

export const helpArticleSummarySchema = z.object({
  slug: z.string(),
  category: z.enum(HELP_CATEGORIES),
  title: z.string(),
  lang: z.enum(LANGS),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpArticleSchema = helpArticleSummarySchema.extend({ body: z.string(), updatedAt: z.string() });
export type HelpArticle = z.infer<typeof helpArticleSchema>;

const slugSchema = z
  .string({ error: 'slug_invalid' })
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug_invalid')
  .max(64, 'slug_invalid');

export const helpArticleRequestSchema = z.strictObject({ slug: slugSchema });

// Back office

export const adminNoticeSchema = z.object({
  id: z.string(),
  title: localizedTitleSchema,
  body: localizedBodySchema,
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminNoticeListRequestSchema = pageRequestSchema.extend({
  published: z.enum(['true', 'false']).optional(),
});
export type AdminNoticeListRequest = z.infer<typeof adminNoticeListRequestSchema>;

export const createNoticeRequestSchema = z
  .strictObject({
    title: localizedTitleSchema,
    body: localizedBodySchema,
    pinned: z.boolean().default(false),
    published: z.boolean().default(false),
  })
  .superRefine((value, ctx) => checkLanguages(value, ctx, true));
export type CreateNoticeRequest = z.infer<typeof createNoticeRequestSchema>;

/** Any subset: edit the texts, publish or unpublish, pin or unpin. Texts come as a pair. */
export const updateNoticeRequestSchema = z
  .strictObject({
    title: localizedTitleSchema.optional(),
    body: localizedBodySchema.optional(),
    pinned: z.boolean().optional(),
    published: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.title || value.body) checkLanguages(value, ctx, true);
  });
export type UpdateNoticeRequest = z.infer<typeof updateNoticeRequestSchema>;

export const adminHelpArticleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  category: z.enum(HELP_CATEGORIES),
  sort: z.number().int(),
  title: localizedTitleSchema,
  body: localizedBodySchema,
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;

const sortSchema = z
  .number({ error: 'sort_invalid' })
  .int('sort_invalid')
  .min(0, 'sort_invalid')
  .max(10_000, 'sort_invalid');
const categorySchema = z.enum(HELP_CATEGORIES, { error: 'help_category_invalid' });

export const createHelpArticleRequestSchema = z
  .strictObject({
    slug: slugSchema,
    category: categorySchema,
    sort: sortSchema.default(0),
    title: localizedTitleSchema,
    body: localizedBodySchema,
    published: z.boolean().default(false),
  })
  .superRefine((value, ctx) => checkLanguages(value, ctx, true));
export type CreateHelpArticleRequest = z.infer<typeof createHelpArticleRequestSchema>;

export const updateHelpArticleRequestSchema = z
  .strictObject({
    slug: slugSchema.optional(),
    category: categorySchema.optional(),
    sort: sortSchema.optional(),
    title: localizedTitleSchema.optional(),
    body: localizedBodySchema.optional(),
    published: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.title || value.body) checkLanguages(value, ctx, true);
  });
export type UpdateHelpArticleRequest = z.infer<typeof updateHelpArticleRequestSchema>;

/** Placeholders a help text may hold; the server fills them from the current settings when serving. */
export const HELP_PLACEHOLDERS = [
  'webName',
  'currency',
  'depositMinAmount',
  'withdrawMinAmount',
  'withdrawFeeFixed',
  'withdrawFeePercent',
  'withdrawDailyCountMax',
  'withdrawSecondApprovalFrom',
  'platformTimeZone',
] as const;
export type HelpPlaceholder = (typeof HELP_PLACEHOLDERS)[number];

/** Replaces `{name}` placeholders; unknown names are left as they are. */
export function fillPlaceholders(text: string, values: Partial<Record<HelpPlaceholder, string>>): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name as HelpPlaceholder] ?? whole) : whole,
  );
}

/** Picks the served language: the asked one when its title and body are written, else the fallback order. */
export function pickLanguage(title: LocalizedText, body: LocalizedText, asked: Lang): Lang {
  if (title[asked] && body[asked]) return asked;
  return CONTENT_FALLBACK_ORDER.find((lang) => title[lang] && body[lang]) ?? asked;
}

/**
 * A plain-text body as blocks to render: headings (`## `), bullet lists (`- ` lines) and paragraphs
 * (separated by blank lines). The apps render these as elements, so no stored text becomes markup.
 */
export type ContentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraph'; text: string };

export function parseContentBlocks(body: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
      if (list.length) blocks.push({ kind: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else if (line.startsWith('- ')) {
        if (paragraph.length) {
          blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
          paragraph = [];
        }
        list.push(line.slice(2).trim());
      } else {
        if (list.length) {
          blocks.push({ kind: 'list', items: list });
          list = [];
        }
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}
