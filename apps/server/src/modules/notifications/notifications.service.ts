import {
  isSecurityNotificationKind,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreference,
} from '@app/contract/notifications';
import type { DbOrTx } from '../../db/client.js';
import type { UserNotice } from '../../domain-events.js';
import { AppError } from '../../http/app-error.js';
import * as repo from './notifications.repo.js';
import type { NotificationRow } from './notifications.tables.js';

/**
 * The notification centre's rules (issue 14).
 *
 * | rule | where |
 * | --- | --- |
 * | one notice per event, also when the event is told twice | `createNotice`: unique (user, key) |
 * | security notices cannot be turned off | `setPreference` refuses; `createNotice` never checks mutes for them |
 * | a user reads and marks only their own notices | every query filters by the session's user |
 */

/**
 * Stores the notice unless the user turned its (optional) kind off or it was stored before; answers the
 * new row. Given a transaction, the notice commits or rolls back with the change it tells (price alerts
 * fire so); the caller then tells `noticeStored` for the push.
 */
export async function createNotice(db: DbOrTx, notice: UserNotice): Promise<Notification | null> {
  if (!isSecurityNotificationKind(notice.kind) && (await repo.isMuted(db, notice.userId, notice.kind))) return null;
  const row = await repo.insertOnce(db, {
    userId: notice.userId,
    kind: notice.kind,
    params: notice.params,
    dedupeKey: notice.key.slice(0, 200),
  });
  return row ? toNotification(row) : null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    kind: row.kind as NotificationKind,
    params: row.params,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  request: { page: number; pageSize: number; unreadOnly?: boolean },
): Promise<NotificationPage> {
  const page = { page: request.page, pageSize: request.pageSize };
  const [{ rows, total }, unread] = await Promise.all([
    repo.listPage(db, userId, { unreadOnly: request.unreadOnly ?? false }, page),
    repo.unreadCount(db, userId),
  ]);
  return { list: rows.map(toNotification), total, unread, ...page };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  return repo.unreadCount(db, userId);
}

/** Marks notices read; refuses (not found, nothing changed) when any id is not the user's. */
export async function markRead(db: DbOrTx, userId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  // A refused request changes nothing: ownership is checked before anything is marked.
  if ((await repo.countOwned(db, userId, unique)) !== unique.length) throw new AppError('notification_not_found');
  await repo.markRead(db, userId, unique);
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<void> {
  await repo.markAllRead(db, userId);
}

export async function getPreferences(db: DbOrTx, userId: number): Promise<NotificationPreference[]> {
  const muted = new Set(await repo.mutedKinds(db, userId));
  return NOTIFICATION_KINDS.map((kind) => {
    const isRequired = isSecurityNotificationKind(kind);
    return { kind, isRequired, enabled: isRequired || !muted.has(kind) };
  });
}

export async function setPreference(
  db: DbOrTx,
  userId: number,
  input: { kind: NotificationKind; enabled: boolean },
): Promise<NotificationPreference[]> {
  if (isSecurityNotificationKind(input.kind)) {
    if (!input.enabled) throw new AppError('notification_kind_required');
  } else if (input.enabled) {
    await repo.unmute(db, userId, input.kind);
  } else {
    await repo.mute(db, userId, input.kind);
  }
  return getPreferences(db, userId);
}
