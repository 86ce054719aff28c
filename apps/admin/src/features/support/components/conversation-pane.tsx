import type { AdminSupportConversation, SupportMessage } from '@app/contract/support';
import { Alert, Button, Card, Empty, Flex, Select, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useCurrentAdmin } from '../../../app/current-admin';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { useConversation } from '../api/get-conversation';
import { getOlderMessages } from '../api/get-older-messages';
import { useSupportAgents } from '../api/get-quick-replies';
import { useAssignConversation, useCloseConversation, useMarkConversationRead } from '../api/manage-conversation';
import { MessageList } from './message-list';
import { ReplyBox } from './reply-box';
import { UserSummary } from './user-summary';

const S = STRINGS.support;

export const conversationName = (c: AdminSupportConversation) => c.username ?? S.visitor(c.id);

/** One conversation: who, assignment, status, the live thread and the reply box. */
export function ConversationPane({ id }: { id: string | null }) {
  if (!id)
    return (
      <Card>
        <Empty description={S.pick} />
      </Card>
    );
  return <OpenConversation key={id} id={id} />;
}

function OpenConversation({ id }: { id: string }) {
  const query = useConversation(id);
  const markRead = useMarkConversationRead();
  const [older, setOlder] = useState<{ messages: SupportMessage[]; hasMore: boolean } | null>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const readUpTo = useRef<string | null>(null);
  const detail = query.data;
  const last = detail?.messages.at(-1);

  // Opening a conversation reads it, and so does every new message while it is open.
  useEffect(() => {
    if (!detail || !last || detail.conversation.unread === 0 || readUpTo.current === last.id) return;
    readUpTo.current = last.id;
    markRead.mutate({ id, lastId: last.id });
  }, [detail, last, id, markRead.mutate]);

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!detail)
    return (
      <Card>
        <Spin />
      </Card>
    );

  const loadOlder = async () => {
    const first = older?.messages[0] ?? detail.messages[0];
    if (!first) return;
    setIsLoadingOlder(true);
    try {
      const page = await getOlderMessages(id, first.id);
      setOlder((current) => ({ messages: [...page.messages, ...(current?.messages ?? [])], hasMore: page.hasMore }));
    } finally {
      setIsLoadingOlder(false);
    }
  };

  const { conversation } = detail;
  return (
    <Card title={conversationName(conversation)}>
      <Flex vertical gap={12}>
        <ConversationActions conversation={conversation} />
        {conversation.userId && <UserSummary userId={conversation.userId} />}
        <MessageList
          messages={[...(older?.messages ?? []), ...detail.messages]}
          userLastReadId={conversation.userLastReadId}
          hasMore={older ? older.hasMore : detail.hasMore}
          isLoadingOlder={isLoadingOlder}
          onLoadOlder={loadOlder}
        />
        <ReplyBox conversationId={id} />
      </Flex>
    </Card>
  );
}

function ConversationActions({ conversation }: { conversation: AdminSupportConversation }) {
  const me = useCurrentAdmin();
  const agents = useSupportAgents();
  const assign = useAssignConversation();
  const close = useCloseConversation();
  const [isClosing, setIsClosing] = useState(false);
  const options = [
    { value: '', label: S.unassigned },
    ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.username })),
  ];
  const isOpen = conversation.status === 'open';
  return (
    <Flex gap={8} align="center" wrap>
      <Tag color={isOpen ? 'green' : 'default'}>{isOpen ? S.statusOpen : S.statusClosed}</Tag>
      <Select
        aria-label={S.assignee}
        style={{ minWidth: 150 }}
        value={conversation.assignedAdminId ?? ''}
        options={options}
        loading={assign.isPending}
        onChange={(value: string) => assign.mutate({ id: conversation.id, adminId: value === '' ? null : value })}
      />
      {conversation.assignedAdminId !== String(me.id) && (
        <Button onClick={() => assign.mutate({ id: conversation.id, adminId: String(me.id) })}>{S.assignToMe}</Button>
      )}
      {isOpen && (
        <Button danger onClick={() => setIsClosing(true)}>
          {S.close}
        </Button>
      )}
      {assign.error && <Alert type="error" showIcon title={assign.error.message} />}
      <ConfirmModal
        open={isClosing}
        title={S.close}
        okText={S.close}
        isDanger
        onCancel={() => setIsClosing(false)}
        onConfirm={async () => {
          await close.mutateAsync({ id: conversation.id });
          setIsClosing(false);
        }}
      >
        {S.closeConfirm}
      </ConfirmModal>
    </Flex>
  );
}
