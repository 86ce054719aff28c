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
export function deliverNotices(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const { db } = ctx.database;
  const inFlight = new Set<Promise<void>>();
  const deliver = async (notice: UserNotice) => {
    const notification = await createNotice(db, notice);
    // Told before, or a kind the user turned off: nothing new to push.
    if (!notification) return;
    const unread = await unreadCount(db, notice.userId);
    await ctx.realtime.publishUser(notice.userId, { type: 'notification', notification, unread });
  };
  const onNotice = (notice: UserNotice) => {
    if (inFlight.size >= PENDING_MAX) {
      log.error({ kind: notice.kind }, 'notifications: too many pending, notice dropped');
      return;
    }
    const delivery = deliver(notice)
      .catch((error) => log.error({ err: error, kind: notice.kind }, 'notifications: storing a notice failed'))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };
  // The second-factor module tells its changes on an event of its own; each becomes a security notice.
  const onSecondFactor = ({ userId, change }: { userId: number; change: string }) =>
    onNotice({
      userId,
      kind: 'second_factor_changed',
      params: { change },
      key: `second_factor:${userId}:${change}:${Date.now()}`,
    });
  ctx.events.on('userNotice', onNotice);
  ctx.events.on('secondFactorChanged', onSecondFactor);
  // Closing waits for the notices being stored, so none is cut off by the database closing.
  return async () => {
    ctx.events.off('userNotice', onNotice);
    ctx.events.off('secondFactorChanged', onSecondFactor);
    await Promise.allSettled([...inFlight]);
  };
}
