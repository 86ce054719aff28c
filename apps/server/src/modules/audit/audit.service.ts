import type { AuditAction, AuditEntry, AuditListRequest } from '@app/contract/admin';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from './audit.tables.js';

export interface AuditActor {
  adminId: number;
  adminUsername: string;
  ip: string;
}

export interface AuditRecord {
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row; call it inside the transaction of the action it records. */
export async function recordAudit(db: DbOrTx, actor: AuditActor | null, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor?.adminId ?? null,
    adminUsername: actor?.adminUsername ?? null,
    ip: actor?.ip ?? null,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId === undefined ? null : String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

export async function listAudit(db: DbOrTx, request: AuditListRequest) {
  const conditions: SQL[] = [];
  if (request.adminId) conditions.push(eq(auditLog.adminId, Number(request.adminId)));
  if (request.action) conditions.push(eq(auditLog.action, request.action));
  if (request.targetType) conditions.push(eq(auditLog.targetType, request.targetType));
  if (request.targetId) conditions.push(eq(auditLog.targetId, request.targetId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const list: AuditEntry[] = rows.map((r) => ({
    id: String(r.id),
    adminId: r.adminId === null ? null : String(r.adminId),
    adminUsername: r.adminUsername,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    before: r.before,
    after: r.after,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total: totalRow?.total ?? 0, page: request.page, pageSize: request.pageSize };
}
