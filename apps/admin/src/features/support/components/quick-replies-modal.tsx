import { QUICK_REPLY_CHARS_MAX } from '@app/contract/support';
import { App, Button, Flex, Input, List, Modal } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { useAddQuickReply, useDeleteQuickReply, useQuickReplies } from '../api/get-quick-replies';

const S = STRINGS.support;

export function QuickRepliesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const replies = useQuickReplies();
  const add = useAddQuickReply();
  const remove = useDeleteQuickReply();
  const [text, setText] = useState('');
  const onError = (error: Error) => void message.error(error.message);

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={S.manageQuickReplies} destroyOnHidden>
      <Flex vertical gap={12}>
        <List
          size="small"
          bordered
          dataSource={replies.data ?? []}
          renderItem={(reply) => (
            <List.Item
              actions={[
                <Button
                  key="delete"
                  size="small"
                  danger
                  loading={remove.isPending && remove.variables === reply.id}
                  onClick={() => remove.mutate(reply.id, { onError })}
                >
                  {S.quickReplyDelete}
                </Button>,
              ]}
            >
              {reply.text}
            </List.Item>
          )}
        />
        <Flex gap={8}>
          <Input
            aria-label={S.quickReplyPlaceholder}
            placeholder={S.quickReplyPlaceholder}
            value={text}
            maxLength={QUICK_REPLY_CHARS_MAX}
            onChange={(event) => setText(event.target.value)}
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            loading={add.isPending}
            onClick={() => add.mutate(text.trim(), { onSuccess: () => setText(''), onError })}
          >
            {S.quickReplyAdd}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
