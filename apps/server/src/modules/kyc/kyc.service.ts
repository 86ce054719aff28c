import type { AuditAction } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import {
  type AdminKycSubmission,
  type BindIdCardFields,
  type IdCardStatus,
  KYC_IMAGE_BYTES_MAX,
  KYC_IMAGE_TYPES,
} from '@app/contract/kyc';
import type { KycStatus } from '@app/contract/users';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { checkImage, type ImageContentType, readImage, removeUploads, saveImage } from '../../lib/uploads.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { usernamesByIds } from '../users/users.service.js';
import * as repo from './kyc.repo.js';

/** Identity verification (DESIGN.md 6.2): the only code that writes kyc_submissions. */

const UPLOAD_AREA = 'kyc';
const IMAGE_LIMITS = { bytesMax: KYC_IMAGE_BYTES_MAX, types: KYC_IMAGE_TYPES };

export type IdCardSide = 'front' | 'back';

/** A user's verification state: their latest submission's status, or 'none'. */
export async function getKycStatus(db: DbOrTx, userId: number): Promise<KycStatus> {
  return (await repo.findLatestByUser(db, userId))?.status ?? 'none';
}

/** getKycStatus for many users at once (lists); users without a submission map to 'none'. */
export async function getKycStatuses(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, KycStatus>> {
  const statuses = new Map<number, KycStatus>(userIds.map((id) => [id, 'none']));
  for (const row of await repo.findLatestStatuses(db, userIds)) statuses.set(row.userId, row.status);
  return statuses;
}

export async function getIdCardStatus(db: DbOrTx, userId: number): Promise<IdCardStatus> {
  const row = await repo.findLatestByUser(db, userId);
  if (!row) {
    return { status: 'none', realName: null, idNumber: null, rejectReason: null, submittedAt: null, reviewedAt: null };
  }
  return toIdCardStatus(row);
}

/**
 * Takes a submission when the user has none pending or approved. Images are checked by content
 * before anything is stored; the partial unique index decides races, and a refused submission
 * leaves no files behind.
 */
export async function submitIdCard(
  db: Db,
  dataDir: string,
  userId: number,
  fields: BindIdCardFields,
  images: Record<IdCardSide, Uint8Array>,
): Promise<IdCardStatus> {
  checkImage(images.front, IMAGE_LIMITS);
  checkImage(images.back, IMAGE_LIMITS);
  if (await repo.hasOpenSubmission(db, userId)) throw new AppError('kyc_already_submitted');

  const stored: string[] = [];
  try {
    for (const side of ['front', 'back'] as const) {
      stored.push((await saveImage(dataDir, UPLOAD_AREA, images[side], IMAGE_LIMITS)).name);
    }
    const row = await repo.insertSubmission(db, {
      userId,
      realName: fields.realName,
      idNumber: fields.idNumber.toUpperCase(),
      frontFile: stored[0]!,
      backFile: stored[1]!,
    });
    return toIdCardStatus(row);
  } catch (error) {
    await removeUploads(dataDir, UPLOAD_AREA, stored);
    if (isUniqueViolation(error, repo.ONE_OPEN_PER_USER_INDEX)) throw new AppError('kyc_already_submitted');
    throw error;
  }
}

export async function listSubmissions(
  db: DbOrTx,
  request: { status?: repo.KycReviewStatus; page: number; pageSize: number },
): Promise<Page<AdminKycSubmission>> {
  const { page, pageSize } = request;
  const { rows, total } = await repo.listSubmissions(db, { status: request.status }, { page, pageSize });
  return { list: await withUsernames(db, rows), total, page, pageSize };
}

export async function getSubmission(db: DbOrTx, id: number): Promise<AdminKycSubmission> {
  const row = await repo.findById(db, id);
  const [submission] = row ? await withUsernames(db, [row]) : [];
  if (!submission) throw new AppError('not_found');
  return submission;
}

/** The back office's view of submissions, with each user's name from the users module (users are never deleted). */
async function withUsernames(db: DbOrTx, rows: readonly repo.KycSubmissionRow[]): Promise<AdminKycSubmission[]> {
  const names = await usernamesByIds(
    db,
    rows.map((row) => row.userId),
  );
  return rows.flatMap((row) => {
    const username = names.get(row.userId);
    return username === undefined ? [] : [toAdminSubmission(row, username)];
  });
}

export async function readSubmissionImage(
  db: DbOrTx,
  dataDir: string,
  id: number,
  side: IdCardSide,
): Promise<{ bytes: Buffer; contentType: ImageContentType }> {
  const row = await repo.findById(db, id);
  if (!row) throw new AppError('not_found');
  const image = await readImage(
    dataDir,
    UPLOAD_AREA,
    side === 'front' ? row.frontFile : row.backFile,
    KYC_IMAGE_BYTES_MAX,
  );
  if (!image) throw new AppError('not_found');
  return image;
}

export async function approveSubmission(db: Db, id: number, actor: AuditActor): Promise<AdminKycSubmission> {
  return decide(db, id, actor, { status: 'approved', rejectReason: null });
}

export async function rejectSubmission(
  db: Db,
  id: number,
  reason: string,
  actor: AuditActor,
): Promise<AdminKycSubmission> {
  return decide(db, id, actor, { status: 'rejected', rejectReason: reason });
}

const AUDIT_ACTION_OF: Record<'approved' | 'rejected', AuditAction> = {
  approved: 'kyc.approve',
  rejected: 'kyc.reject',
};

/** Approves or rejects a pending submission and records it, in one transaction. */
async function decide(
  db: Db,
  id: number,
  actor: AuditActor,
  decision: { status: 'approved' | 'rejected'; rejectReason: string | null },
): Promise<AdminKycSubmission> {
  await db.transaction(async (tx) => {
    const row = await repo.decidePending(tx, id, { ...decision, reviewedBy: actor.adminId });
    if (!row) {
      throw new AppError((await repo.findById(tx, id)) ? 'kyc_not_pending' : 'not_found');
    }
    await recordAudit(tx, actor, {
      action: AUDIT_ACTION_OF[decision.status],
      targetType: 'kyc_submission',
      targetId: id,
      before: { status: 'pending', userId: String(row.userId) },
      after: {
        status: row.status,
        userId: String(row.userId),
        ...(decision.rejectReason === null ? {} : { reason: decision.rejectReason }),
      },
    });
  });
  return getSubmission(db, id);
}

/** An ID number as the user sees it: the first 2 and last 2 characters, the rest hidden. */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 4) return '*'.repeat(idNumber.length);
  return `${idNumber.slice(0, 2)}${'*'.repeat(idNumber.length - 4)}${idNumber.slice(-2)}`;
}

function toIdCardStatus(row: repo.KycSubmissionRow): IdCardStatus {
  return {
    status: row.status,
    realName: row.realName,
    idNumber: maskIdNumber(row.idNumber),
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

function toAdminSubmission(row: repo.KycSubmissionRow, username: string): AdminKycSubmission {
  return {
    id: String(row.id),
    userId: String(row.userId),
    username,
    realName: row.realName,
    idNumber: row.idNumber,
    status: row.status,
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy === null ? null : String(row.reviewedBy),
  };
}
