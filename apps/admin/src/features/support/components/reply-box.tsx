import { PictureOutlined } from '@ant-design/icons';
import { SUPPORT_TEXT_CHARS_MAX } from '@app/contract/support';
import { App, Button, Flex, Input, Select, Upload } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { useQuickReplies } from '../api/get-quick-replies';
import { useSendPicture, useSendReply } from '../api/send-reply';

const S = STRINGS.support;

/** The reply: free text or a quick reply dropped in to edit; Enter sends. */
export function ReplyBox({ conversationId }: { conversationId: string }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const send = useSendReply();
  const sendPicture = useSendPicture();
  const quickReplies = useQuickReplies();
  const trimmed = text.trim();

  const submit = () => {
    if (!trimmed || send.isPending) return;
    send.mutate(
      { conversationId, text: trimmed },
      { onSuccess: () => setText(''), onError: (error) => void message.error(error.message) },
    );
  };

  return (
    <Flex vertical gap={8}>
      <Select
        aria-label={S.quickReplyPick}
        placeholder={S.quickReplyPick}
        value={null}
        options={(quickReplies.data ?? []).map((q) => ({ value: q.id, label: q.text }))}
        onChange={(id) => {
          const picked = quickReplies.data?.find((q) => q.id === id);
          if (picked) setText((current) => (current.trim() ? `${current}\n${picked.text}` : picked.text));
        }}
        style={{ width: '100%' }}
      />
      <Input.TextArea
        aria-label={S.replyPlaceholder}
        placeholder={S.replyPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={SUPPORT_TEXT_CHARS_MAX}
        onPressEnter={(event) => {
          if (event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          submit();
        }}
      />
      <Flex justify="space-between">
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            sendPicture.mutate({ conversationId, file }, { onError: (error) => void message.error(error.message) });
            return false; // sent by the mutation, not by the Upload's own request
          }}
        >
          <Button icon={<PictureOutlined />} loading={sendPicture.isPending}>
            {S.sendPicture}
          </Button>
        </Upload>
        <Button type="primary" disabled={!trimmed} loading={send.isPending} onClick={submit}>
          {S.send}
        </Button>
      </Flex>
    </Flex>
  );
}
