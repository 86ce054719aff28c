import type { SupportMessage } from '@app/contract/support';
import { Button, Flex, Image, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { useSupportImage } from '../api/get-image';

const S = STRINGS.support;

function ChatImage({ name }: { name: string }) {
  const query = useSupportImage(name);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  if (query.isError) return <Typography.Text type="danger">{STRINGS.images.loadFailed}</Typography.Text>;
  if (!url) return <Skeleton.Image active />;
  return <Image src={url} alt={S.image} width={180} />;
}

function Bubble({ message, isSeen }: { message: SupportMessage; isSeen: boolean }) {
  const isOperator = message.sender === 'admin';
  return (
    <Flex vertical align={isOperator ? 'flex-end' : 'flex-start'} gap={2} data-testid="support-message">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {isOperator ? (message.adminUsername ?? '—') : S.userSide} · {formatDateTime(message.createdAt)}
        {isOperator && isSeen ? ` · ${S.seen}` : ''}
      </Typography.Text>
      <div
        style={{
          maxWidth: '75%',
          padding: '8px 12px',
          borderRadius: 12,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          background: isOperator ? '#1677ff' : 'rgba(0,0,0,0.06)',
          color: isOperator ? '#fff' : undefined,
        }}
      >
        {message.text}
        {message.image && <ChatImage name={message.image} />}
      </div>
    </Flex>
  );
}

/** The thread, oldest at the top, scrolled to the newest; older pages on request. */
export function MessageList(props: {
  messages: SupportMessage[];
  userLastReadId: string;
  hasMore: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const lastId = props.messages.at(-1)?.id;
  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);
  return (
    <Flex vertical gap={12} style={{ height: 'max(240px, calc(100vh - 520px))', overflowY: 'auto', padding: 8 }}>
      {props.hasMore && (
        <Button size="small" type="link" loading={props.isLoadingOlder} onClick={props.onLoadOlder}>
          {S.earlier}
        </Button>
      )}
      {props.messages.map((m) => (
        <Bubble key={m.id} message={m} isSeen={Number(m.id) <= Number(props.userLastReadId)} />
      ))}
      <div ref={endRef} />
    </Flex>
  );
}
