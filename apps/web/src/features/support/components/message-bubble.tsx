import type { SupportMessage } from '@app/contract/support';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime, formatTimeOfDay } from '../../../lib/time';
import { useImageUrl } from '../api/get-image';

/** A chat reads in the phone's own time, like every messenger: today's messages show the time only. */
function formatTime(iso: string): string {
  const isToday = new Date(iso).toDateString() === new Date().toDateString();
  return isToday ? formatTimeOfDay(iso) : formatDateTime(iso, { zone: false });
}

function ChatImage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { url, isError } = useImageUrl(name);
  if (isError) return <span className="chat__image-missing">{t('support.imageFailed')}</span>;
  if (!url) return <span className="chat__image-loading" role="img" aria-label={t('common.loading')} />;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="chat__image" src={url} alt={t('support.image')} />
    </a>
  );
}

/** One message: the user's own on the right, the support team's on the left, each with its time. */
export function MessageBubble({ message, isSeen }: { message: SupportMessage; isSeen: boolean }) {
  const { t } = useTranslation();
  const isMine = message.sender === 'user';
  return (
    <li className={`chat__row ${isMine ? 'chat__row--mine' : 'chat__row--theirs'}`} data-testid="chat-message">
      {!isMine && <span className="chat__sender">{t('support.agent')}</span>}
      <div className="chat__bubble">
        {message.text !== null && <p className="chat__text">{message.text}</p>}
        {message.image !== null && <ChatImage name={message.image} />}
      </div>
      <span className="chat__meta">
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        {isMine && isSeen && <span className="chat__seen">{t('support.seen')}</span>}
      </span>
    </li>
  );
}
