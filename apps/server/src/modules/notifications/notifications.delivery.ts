import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { UserNotice } from '../../domain-events.js';
import { createNotice, unreadCount } from './notifications.service.js';

/** Notices waiting to be stored at most; past that a burst is logged and dropped rather than held in memory. */
const PENDING_MAX = 10_000;

/**
 * Listens to the app's `userNotice` events (told after commit by users, wallet, kyc...): stores each
 * notice once and pushes it to the user's sockets in every process. Answers the function that stops it.
 */
export function deliverNotices(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const { db } = ctx.database;
  let pending = 0;
  const onNotice = (notice: UserNotice) => {
    if (pending >= PENDING_MAX) {
      log.error({ kind: notice.kind }, 'notifications: too many pending, notice dropped');
      return;
    }
    pending += 1;
    deliver(notice)
      .catch((error) => log.error({ err: error, kind: notice.kind }, 'notifications: storing a notice failed'))
      .finally(() => {
        pending -= 1;
      });
  };
  const deliver = async (notice: UserNotice) => {
    const notification = await createNotice(db, notice);
    // Told before, or a kind the user turned off: nothing new to push.
    if (!notification) return;
    const unread = await unreadCount(db, notice.userId);
    await ctx.realtime.publishUser(notice.userId, { type: 'notification', notification, unread });
  };
  ctx.events.on('userNotice', onNotice);
  return () => ctx.events.off('userNotice', onNotice);
}
