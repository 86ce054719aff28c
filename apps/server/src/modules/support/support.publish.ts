import type { ServerMessage } from '@app/contract/realtime';
import type { Db } from '../../db/client.js';
import type { RealtimePublisher } from '../realtime/realtime.publish.js';
import { SUPPORT_ADMINS_CHANNEL, visitorChannel } from './support.realtime.js';
import * as repo from './support.repo.js';
import { toAdminConversation, toSupportMessage } from './support.views.js';

/** What support pushes through: the app's live pushes (AppContext.realtime). */
export type SupportLive = Pick<RealtimePublisher, 'publishUser' | 'publishChannel'>;

/**
 * After a committed change of a conversation: the operators get the updated inbox row (and the new
 * message), the owner gets the new message or their new unread count, on every socket they have open.
 * Live pushes are a convenience on top of what is stored: a failure here is logged by the bus, and
 * screens catch up from the API.
 */
export async function publishSupportChange(
  db: Db,
  live: SupportLive,
  conversationId: number,
  message: repo.MessageWithAdmin | null,
): Promise<void> {
  const conversation = await repo.findWithNames(db, conversationId);
  if (!conversation) return;
  const unreadTotal = await repo.unreadTotalForAdmins(db);
  await live.publishChannel(SUPPORT_ADMINS_CHANNEL, {
    type: 'support_inbox',
    conversation: toAdminConversation(conversation),
    message: message ? toSupportMessage(message, 'admin') : null,
    unreadTotal,
  });
  const toOwner: ServerMessage = message
    ? { type: 'support_message', message: toSupportMessage(message, 'user'), unread: conversation.unreadForUser }
    : {
        type: 'support_unread',
        unread: conversation.unreadForUser,
        adminLastReadId: String(conversation.adminLastReadId),
      };
  if (conversation.userId !== null) await live.publishUser(conversation.userId, toOwner);
  else if (conversation.visitorHash !== null)
    await live.publishChannel(visitorChannel(conversation.visitorHash), toOwner);
}
