import { SUPPORT_INBOX_FILTERS, type SupportInboxFilter } from '@app/contract/support';
import { Alert, Badge, Button, Card, Col, Flex, List, Pagination, Row, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { readId, usePagedQueryParams } from '../../../lib/list-params';
import { useConversations } from '../api/get-conversations';
import { useSupportLive } from '../hooks/use-support-live';
import { ConversationPane, conversationName } from './conversation-pane';
import { QuickRepliesModal } from './quick-replies-modal';

const S = STRINGS.support;

function readFilter(searchParams: URLSearchParams): SupportInboxFilter {
  const value = searchParams.get('filter');
  return SUPPORT_INBOX_FILTERS.find((f) => f === value) ?? 'open';
}

/** The support inbox: conversations on the left, the open one on the right, all live. */
export function SupportScreen() {
  const { searchParams, update, paging, setPage, filter } = usePagedQueryParams();
  const params = { filter: readFilter(searchParams), ...paging };
  const openId = readId(searchParams, 'open') ?? null;
  const query = useConversations(params);
  const isLive = useSupportLive();
  const [isManaging, setIsManaging] = useState(false);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3}>{S.title}</Typography.Title>
        <Button onClick={() => setIsManaging(true)}>{S.manageQuickReplies}</Button>
      </Flex>
      {!isLive && <Alert type="info" showIcon title={S.offline} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card size="small">
            <Flex vertical gap={8}>
              <Segmented
                value={params.filter}
                options={SUPPORT_INBOX_FILTERS.map((f) => ({ value: f, label: S.filters[f] }))}
                onChange={(value) => filter({ filter: value as string })}
              />
              <List
                loading={query.isPending}
                dataSource={query.data?.list ?? []}
                locale={{ emptyText: S.noConversations }}
                renderItem={(c) => (
                  <List.Item
                    onClick={() => update({ open: c.id })}
                    style={{
                      cursor: 'pointer',
                      paddingInline: 8,
                      background: c.id === openId ? 'rgba(22,119,255,0.08)' : undefined,
                    }}
                    data-testid="support-conversation"
                  >
                    <List.Item.Meta
                      title={
                        <Flex justify="space-between" gap={8}>
                          <span>{conversationName(c)}</span>
                          <Badge count={c.unread} title={S.unreadCount(c.unread)} />
                        </Flex>
                      }
                      description={
                        <Flex vertical gap={2}>
                          <Typography.Text ellipsis>{c.lastMessagePreview ?? S.image}</Typography.Text>
                          <Flex gap={4} wrap>
                            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                              {formatDateTime(c.lastMessageAt)}
                            </Typography.Text>
                            {c.status === 'closed' && <Tag>{S.statusClosed}</Tag>}
                            {c.assignedAdminUsername && <Tag color="blue">{c.assignedAdminUsername}</Tag>}
                          </Flex>
                        </Flex>
                      }
                    />
                  </List.Item>
                )}
              />
              {(query.data?.total ?? 0) > paging.pageSize && (
                <Pagination
                  size="small"
                  current={paging.page}
                  pageSize={paging.pageSize}
                  total={query.data?.total ?? 0}
                  onChange={setPage}
                />
              )}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <ConversationPane id={openId} />
        </Col>
      </Row>
      <QuickRepliesModal open={isManaging} onClose={() => setIsManaging(false)} />
    </>
  );
}
