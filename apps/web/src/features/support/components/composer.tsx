import { SUPPORT_TEXT_CHARS_MAX } from '@app/contract/support';
import { Button, Popup } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { ImagePicker } from '../../../components/image-picker';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { useSendMessage } from '../api/send-message';

/** The reply box: text (Enter sends, Shift+Enter breaks the line) and a picture with a preview first. */
export function Composer() {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [isPicking, setIsPicking] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const trimmed = text.trim();

  const sendText = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || send.isPending) return;
    send.mutate({ text: trimmed }, { onSuccess: () => setText(''), onError: showError });
  };

  const sendImage = () => {
    if (!image) return;
    send.mutate(
      { image },
      {
        onSuccess: () => {
          setImage(null);
          setIsPicking(false);
        },
        onError: showError,
      },
    );
  };

  return (
    <form className="chat__composer" onSubmit={sendText}>
      <button
        type="button"
        className="chat__icon-button"
        onClick={() => setIsPicking(true)}
        aria-label={t('support.sendImage')}
      >
        <PictureOutline />
      </button>
      <div className="chat__input">
        <textarea
          className="chat__textarea"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          rows={Math.min(4, text.split('\n').length)}
          maxLength={SUPPORT_TEXT_CHARS_MAX}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            sendText();
          }}
        />
      </div>
      <Button type="submit" color="primary" size="small" disabled={!trimmed} loading={send.isPending && !isPicking}>
        {t('support.send')}
      </Button>
      <Popup visible={isPicking} onMaskClick={() => setIsPicking(false)} bodyClassName="chat__picker" destroyOnClose>
        <ImagePicker label={t('support.sendImage')} prompt={t('support.pickImage')} value={image} onChange={setImage} />
        <div className="chat__picker-actions">
          <Button block onClick={() => setIsPicking(false)}>
            {t('common.cancel')}
          </Button>
          <Button block color="primary" disabled={!image} loading={send.isPending} onClick={sendImage}>
            {t('support.send')}
          </Button>
        </div>
      </Popup>
    </form>
  );
}
