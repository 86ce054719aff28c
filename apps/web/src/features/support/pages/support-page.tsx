import type { SupportMessage } from '@app/contract/support';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSupportEvents } from '../../../lib/realtime';
import { useIsSignedIn } from '../../../lib/session';
import { addMessages, useConversation } from '../api/get-conversation';
import { getOlderMessages } from '../api/get-older-messages';
import { useMarkRead } from '../api/mark-read';
import { Composer } from '../components/composer';
import { MessageBubble } from '../components/message-bubble';
import { readVisitorToken } from '../visitor';
import '../support.css';

/** `/kf`: the chat with the support team, live both ways; works signed out by a visitor id. */
export default function SupportPage() {
  const { t } = useTranslation();
  const isSignedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const conversation = useConversation();
  const markRead = useMarkRead();
  const [older, setOlder] = useState<{ messages: SupportMessage[]; hasMore: boolean } | null>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [adminLastReadId, setAdminLastReadId] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const readUpTo = useRef<string | null>(null);
  // The visitor token exists once the conversation call has made it.
  const visitorToken = isSignedIn || !conversation.data ? null : readVisitorToken();

  useSupportEvents(
    (event) => {
      if (event.type === 'support_message') addMessages(queryClient, isSignedIn, [event.message]);
      else setAdminLastReadId(event.adminLastReadId);
    },
    visitorToken,
    conversation.isSuccess,
  );

  const messages = conversation.data?.messages ?? [];
  const last = messages.at(-1);
  useEffect(() => {
    if (!last) return;
    endRef.current?.scrollIntoView?.({ block: 'end' });
    // Reading happens here: everything on screen up to the newest message.
    if (last.sender === 'admin' && readUpTo.current !== last.id) {
      readUpTo.current = last.id;
      markRead.mutate(last.id);
    }
  }, [last, markRead.mutate]);

  const loadOlder = async () => {
    const first = older?.messages[0] ?? messages[0];
    if (!first) return;
    setIsLoadingOlder(true);
    try {
      const page = await getOlderMessages(first.id);
      setOlder((current) => ({ messages: [...page.messages, ...(current?.messages ?? [])], hasMore: page.hasMore }));
    } finally {
      setIsLoadingOlder(false);
    }
  };

  const seenUpTo = Number(adminLastReadId ?? conversation.data?.adminLastReadId ?? 0);
  const hasMore = older ? older.hasMore : (conversation.data?.hasMore ?? false);
  const shown = [...(older?.messages ?? []), ...messages];
  const hours = conversation.data?.supportHours;

  return (
    <main className="page__body page__body--tab chat">
      <header className="chat__header">
        <h1 className="chat__title">{t('support.title')}</h1>
        {hours && <p className="chat__hours">{t('support.hours', { hours })}</p>}
      </header>
      {conversation.isPending && <p className="chat__notice">{t('common.loading')}</p>}
      {conversation.isError && (
        <div className="chat__notice">
          <p>{t('common.loadFailed')}</p>
          <Button size="small" onClick={() => void conversation.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {conversation.isSuccess && (
        <section className="chat__thread" aria-label={t('support.title')}>
          {hasMore && (
            <Button size="mini" fill="none" className="chat__older" loading={isLoadingOlder} onClick={loadOlder}>
              {t('support.earlier')}
            </Button>
          )}
          {shown.length === 0 && <p className="chat__empty">{t('support.empty')}</p>}
          <ol className="chat__list">
            {shown.map((message) => (
              <MessageBubble key={message.id} message={message} isSeen={Number(message.id) <= seenUpTo} />
            ))}
          </ol>
          {conversation.data.status === 'closed' && <p className="chat__notice">{t('support.closed')}</p>}
          <div ref={endRef} />
        </section>
      )}
      {conversation.isSuccess && <Composer />}
    </main>
  );
}
