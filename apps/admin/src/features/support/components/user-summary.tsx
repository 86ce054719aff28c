import type { AdminOrder } from '@app/contract/admin-markets';
import type { AdminDeposit } from '@app/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, List, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../../app/current-admin';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatDateTime, formatPeriod } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { depositsQueryOptions } from '../../deposits/api/get-deposits';
import { ordersQueryOptions } from '../../orders/api/get-orders';
import { useUser } from '../../users/api/get-user';
import { useUserBalances } from '../../users/api/get-user-balances';

const S = STRINGS.support.user;
const RECENT = 5;

const KYC_COLORS = { none: 'default', pending: 'gold', approved: 'green', rejected: 'red' } as const;

/**
 * Who is asking: identity state, balance, recent orders and deposits, so an operator answers
 * "where is my deposit?" without leaving the conversation. Each part shows only what the role may read.
 */
export function UserSummary({ userId }: { userId: string }) {
  const canReadOrders = useCan('orders.read');
  const canReadDeposits = useCan('deposits.read');
  const canReadBalances = useCan('balances.read');
  const user = useUser(userId);
  const balances = useUserBalances(userId, { enabled: canReadBalances });
  const orders = useQuery({
    ...ordersQueryOptions({ userId, page: 1, pageSize: RECENT }),
    enabled: canReadOrders,
  });
  const deposits = useQuery({
    ...depositsQueryOptions({ userId, page: 1, pageSize: RECENT }),
    enabled: canReadDeposits,
  });

  if (user.isError) return <QueryError error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const u = user.data;
  const usdt = balances.data?.find((balance) => balance.currency === 'USDT') ?? balances.data?.[0];

  return (
    <Card size="small" title={S.title} extra={<Link to={`/users?user=${encodeURIComponent(userId)}`}>{S.open}</Link>}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={S.username}>{u.username}</Descriptions.Item>
        <Descriptions.Item label={S.kyc}>
          <Tag color={KYC_COLORS[u.kycStatus]}>{S.kycStatuses[u.kycStatus]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={S.status}>
          {u.status === 'active' ? S.active : <Tag color="red">{S.disabled}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={S.registered}>{formatDateTime(u.registeredAt)}</Descriptions.Item>
        {canReadBalances && (
          <>
            <Descriptions.Item label={S.available}>
              {usdt ? formatMoney(usdt.available, usdt.currency) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={S.total}>{usdt ? formatMoney(usdt.total, usdt.currency) : '—'}</Descriptions.Item>
          </>
        )}
      </Descriptions>
      {canReadOrders && (
        <RecentList
          title={S.recentOrders}
          query={orders}
          empty={S.noOrders}
          render={(order: AdminOrder) => (
            <Space size={4} wrap>
              <Typography.Text>{order.symbol}</Typography.Text>
              <Tag>{STRINGS.orders.directions[order.direction]}</Tag>
              <Typography.Text>{formatMoney(order.amount, 'USDT')}</Typography.Text>
              <Typography.Text type="secondary">{formatPeriod(order.period)}</Typography.Text>
              <Tag>{STRINGS.orders.statuses[order.status]}</Tag>
              {order.profit !== null && <Typography.Text>{order.profit}</Typography.Text>}
              <Typography.Text type="secondary">{formatDateTime(order.createdAt)}</Typography.Text>
            </Space>
          )}
        />
      )}
      {canReadDeposits && (
        <RecentList
          title={S.recentDeposits}
          query={deposits}
          empty={S.noDeposits}
          render={(deposit: AdminDeposit) => (
            <Space size={4} wrap>
              <Typography.Text>{formatMoney(deposit.amount, 'USDT')}</Typography.Text>
              <Typography.Text type="secondary">{STRINGS.deposits.methods[deposit.method]}</Typography.Text>
              <Tag color={deposit.status === 'confirmed' ? 'green' : deposit.status === 'rejected' ? 'red' : 'gold'}>
                {STRINGS.deposits.statuses[deposit.status]}
              </Tag>
              <Typography.Text type="secondary">{formatDateTime(deposit.createdAt)}</Typography.Text>
            </Space>
          )}
        />
      )}
    </Card>
  );
}

function RecentList<T extends { id: string }>({
  title,
  query,
  empty,
  render,
}: {
  title: string;
  query: { data?: { list: T[] }; error: Error | null; refetch: () => unknown };
  empty: string;
  render: (item: T) => React.ReactNode;
}) {
  return (
    <section aria-label={title} style={{ marginTop: 8 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {query.error ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <List
          size="small"
          dataSource={query.data.list}
          locale={{ emptyText: empty }}
          renderItem={(item) => <List.Item key={item.id}>{render(item)}</List.Item>}
        />
      )}
    </section>
  );
}
