import { SUPPORT_INBOX_FILTERS, type SupportInboxFilter } from '@app/contract/support';
import { Alert, Badge, Button, Card, Col, Flex, List, Pagination, Row, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { readId } from '../../../lib/list-params';
import { conversationsQueryOptions } from '../api/get-conversations';
import { useSupportLive } from '../hooks/use-support-live';
import { ConversationPane, conversationName } from './conversation-pane';
import { QuickRepliesModal } from './quick-replies-modal';

const S = STRINGS.support;

function readFilters(searchParams: URLSearchParams): { filter: SupportInboxFilter } {
  const value = searchParams.get('filter');
  return { filter: SUPPORT_INBOX_FILTERS.find((f) => f === value) ?? 'open' };
}

/** The support inbox: conversations on the left, the open one on the right, all live. */
export function SupportScreen() {
  const list = useList({ filters: readFilters, page: conversationsQueryOptions });
  const { params, paging, setPage, filter, update } = list;
  const openId = readId(list.searchParams, 'open') ?? null;
  const isLive = useSupportLive();
  const [isManaging, setIsManaging] = useState(false);

  return (
    <>
      <ScreenTitle
        title={S.title}
        action={<Button onClick={() => setIsManaging(true)}>{S.manageQuickReplies}</Button>}
      />
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
                loading={list.isPending}
                dataSource={list.rows}
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
              {list.total > paging.pageSize && (
                <Pagination
                  size="small"
                  current={paging.page}
                  pageSize={paging.pageSize}
                  total={list.total}
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
