import type { Notification } from '@app/contract/notifications';
import type { AppContext } from '../../app-context.js';
import type { UserNotice } from '../../domain-events.js';
import { createNotice, unreadCount } from './notifications.service.js';

/** Notices waiting to be stored at most; past that a burst is logged and dropped rather than held in memory. */
const PENDING_MAX = 10_000;

/**
 * Listens to the app's `userNotice` events (told after commit by users, wallet, kyc...): stores each
 * notice once and pushes it to the user's sockets in every process (from the app, or from a
 * ROLE=worker process, whose price alerts fire there). A notice already stored in the transaction
 * of its change (`noticeStored`: price alerts) is only pushed. Answers the function that stops it.
 */
export function deliverNotices(
  ctx: Pick<AppContext, 'database' | 'events' | 'realtime'>,
  log: { error(obj: unknown, msg: string): void },
): () => Promise<void> {
  const { db } = ctx.database;
  const inFlight = new Set<Promise<void>>();
  const push = async (userId: number, notification: Notification) => {
    const unread = await unreadCount(db, userId);
    await ctx.realtime.publishUser(userId, { type: 'notification', notification, unread });
  };
  const deliver = async (notice: UserNotice) => {
    const notification = await createNotice(db, notice);
    // Told before, or a kind the user turned off: nothing new to push.
    if (notification) await push(notice.userId, notification);
  };
  const track = (kind: string, work: () => Promise<void>) => {
    if (inFlight.size >= PENDING_MAX) {
      log.error({ kind }, 'notifications: too many pending, notice dropped');
      return;
    }
    const delivery = work()
      .catch((error) => log.error({ err: error, kind }, 'notifications: delivering a notice failed'))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };
  const onNotice = (notice: UserNotice) => track(notice.kind, () => deliver(notice));
  // Stored already (it stays in the list when the push fails or is dropped): only pushed.
  const onStored = ({ userId, notification }: { userId: number; notification: Notification }) =>
    track(notification.kind, () => push(userId, notification));
  // The second-factor module tells its changes on an event of its own; each becomes a security notice.
  const onSecondFactor = ({ userId, change }: { userId: number; change: string }) =>
    onNotice({
      userId,
      kind: 'second_factor_changed',
      params: { change },
      key: `second_factor:${userId}:${change}:${Date.now()}`,
    });
  ctx.events.on('userNotice', onNotice);
  ctx.events.on('noticeStored', onStored);
  ctx.events.on('secondFactorChanged', onSecondFactor);
  // Closing waits for the notices being stored, so none is cut off by the database closing.
  return async () => {
    ctx.events.off('userNotice', onNotice);
    ctx.events.off('noticeStored', onStored);
    ctx.events.off('secondFactorChanged', onSecondFactor);
    await Promise.allSettled([...inFlight]);
  };
}
