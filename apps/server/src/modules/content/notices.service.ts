import type { Page } from '@app/contract/common';
import type {
  AdminNotice,
  AdminNoticeListRequest,
  CreateNoticeRequest,
  Notice,
  NoticeSummary,
  UpdateNoticeRequest,
} from '@app/contract/content';
import { parseContentBlocks, pickLanguage } from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import * as repo from './content.repo.js';

const SUMMARY_LENGTH_MAX = 120;

/** The first paragraph or list item of a body, shortened for a list row. */
export function summaryOf(body: string): string {
  const first = parseContentBlocks(body).find((block) => block.kind !== 'heading');
  const text = (first?.kind === 'list' ? first.items[0] : first?.kind === 'paragraph' ? first.text : '') ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LENGTH_MAX ? `${flat.slice(0, SUMMARY_LENGTH_MAX - 1).trimEnd()}…` : flat;
}

export function toNotice(row: repo.NoticeRow, asked: Lang): Notice {
  const lang = pickLanguage(row.title, row.body, asked);
  return {
    id: String(row.id),
    title: row.title[lang],
    summary: summaryOf(row.body[lang]),
    body: row.body[lang],
    pinned: row.pinned,
    // Published rows always have the time; the fallback only satisfies the type.
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    lang,
  };
}

export async function listPublishedNotices(
  db: DbOrTx,
  lang: Lang,
  paging: { page: number; pageSize: number },
): Promise<Page<NoticeSummary>> {
  const { rows, total } = await repo.listPublishedNotices(db, paging);
  const list = rows.map((row) => {
    const { body: _body, ...summary } = toNotice(row, lang);
    return summary;
  });
  return { list, total, page: paging.page, pageSize: paging.pageSize };
}

export async function getPublishedNotice(db: DbOrTx, id: number, lang: Lang): Promise<Notice> {
  const row = await repo.findPublishedNotice(db, id);
  if (!row) throw new AppError('notice_not_found');
  return toNotice(row, lang);
}

// Back office

export function toAdminNotice(row: repo.NoticeRow): AdminNotice {
  return {
    id: String(row.id),
    title: row.title,
    body: row.body,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    pinned: row.pinned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy === null ? null : String(row.createdBy),
    updatedBy: row.updatedBy === null ? null : String(row.updatedBy),
  };
}

/** What the audit log keeps of a notice: everything an operator can change. */
const auditView = (row: repo.NoticeRow) => ({
  title: row.title,
  body: row.body,
  pinned: row.pinned,
  published: row.published,
});

export async function listAdminNotices(db: DbOrTx, request: AdminNoticeListRequest): Promise<Page<AdminNotice>> {
  const published = request.published === undefined ? undefined : request.published === 'true';
  const { rows, total } = await repo.listAdminNotices(db, { published }, request);
  return { list: rows.map(toAdminNotice), total, page: request.page, pageSize: request.pageSize };
}

export async function createNotice(db: Db, request: CreateNoticeRequest, actor: AuditActor): Promise<AdminNotice> {
  return db.transaction(async (tx) => {
    const row = await repo.insertNotice(tx, {
      title: request.title,
      body: request.body,
      pinned: request.pinned,
      published: request.published,
      publishedAt: request.published ? new Date() : null,
      adminId: actor.adminId,
    });
    if (!row) throw new Error('notice insert returned nothing');
    await recordAudit(tx, actor, {
      action: 'notice.create',
      targetType: 'notice',
      targetId: row.id,
      after: auditView(row),
    });
    return toAdminNotice(row);
  });
}

/** Publishing alone is recorded as publish/unpublish, anything else as an edit. */
function auditActionOf(request: UpdateNoticeRequest) {
  const keys = Object.keys(request);
  if (keys.length === 1 && request.published !== undefined) {
    return request.published ? 'notice.publish' : 'notice.unpublish';
  }
  return 'notice.update';
}

export async function updateNotice(
  db: Db,
  id: number,
  request: UpdateNoticeRequest,
  actor: AuditActor,
): Promise<AdminNotice> {
  return db.transaction(async (tx) => {
    const before = await repo.findNoticeForUpdate(tx, id);
    if (!before) throw new AppError('notice_not_found');
    // The first publication fixes the date readers see; republishing keeps it.
    const publishedAt = request.published && !before.publishedAt ? new Date() : undefined;
    const row = await repo.updateNotice(tx, id, {
      ...request,
      ...(publishedAt ? { publishedAt } : {}),
      adminId: actor.adminId,
    });
    await recordAudit(tx, actor, {
      action: auditActionOf(request),
      targetType: 'notice',
      targetId: id,
      before: auditView(before),
      after: auditView(row),
    });
    return toAdminNotice(row);
  });
}

export async function deleteNotice(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findNoticeForUpdate(tx, id);
    if (!before) throw new AppError('notice_not_found');
    await repo.softDeleteNotice(tx, id, actor.adminId);
    await recordAudit(tx, actor, {
      action: 'notice.delete',
      targetType: 'notice',
      targetId: id,
      before: auditView(before),
    });
  });
}
