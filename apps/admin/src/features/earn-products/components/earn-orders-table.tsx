import { type AdminWealthOrder, WEALTH_ORDER_STATUSES } from '@app/contract/wealth';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { StatusFilter } from '../../../components/status-filter';
import { UserIdFilter } from '../../../components/user-id-filter';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { readId, readStatus, usePagedQueryParams } from '../../../lib/list-params';
import { formatMoney } from '../../../lib/money';
import { type EarnOrderListParams, useEarnOrders } from '../api/get-earn-orders';

const S = STRINGS.earnProducts.orders;

/** Every user's locked deposits, newest first, read-only; filters and page live in the URL. */
export function EarnOrdersTable() {
  const { searchParams, paging, setPage, filter } = usePagedQueryParams();
  const params: EarnOrderListParams = {
    status: readStatus(searchParams, WEALTH_ORDER_STATUSES, undefined),
    userId: readId(searchParams, 'userId'),
    productId: readId(searchParams, 'productId'),
    ...paging,
  };
  const query = useEarnOrders(params);
  return (
    <>
      <Typography.Paragraph type="secondary">{STRINGS.earnProducts.readOnly}</Typography.Paragraph>
      <ListToolbar query={query}>
        <StatusFilter
          value={params.status}
          statuses={WEALTH_ORDER_STATUSES}
          labels={S.statuses}
          onChange={(status) => filter({ status: status === 'all' ? undefined : status })}
        />
        <UserIdFilter value={params.userId} onChange={(userId) => filter({ userId })} />
      </ListToolbar>
      <PagedTable<AdminWealthOrder> query={query} paging={paging} onPageChange={setPage} columns={COLUMNS} />
    </>
  );
}

const C = S.columns;
const COLUMNS: TableColumnsType<AdminWealthOrder> = [
  { title: C.id, dataIndex: 'id' },
  {
    title: C.user,
    key: 'user',
    render: (_, o) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{o.username}</Typography.Text>
        <Typography.Text type="secondary">#{o.userId}</Typography.Text>
      </Space>
    ),
  },
  { title: C.product, dataIndex: 'productName' },
  { title: C.amount, dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
  { title: C.dailyRate, dataIndex: 'dailyRate', align: 'right' },
  { title: C.cycle, dataIndex: 'cycleDays', render: STRINGS.earnProducts.days },
  { title: C.accrued, dataIndex: 'accruedProfit', align: 'right', render: (v: string) => formatMoney(v) },
  { title: C.estimated, dataIndex: 'estimatedEarnings', align: 'right', render: (v: string) => formatMoney(v) },
  { title: C.daysLeft, dataIndex: 'daysLeft', align: 'right' },
  { title: C.period, key: 'period', render: (_, o) => `${o.startDate} – ${o.endDate}` },
  {
    title: C.status,
    dataIndex: 'status',
    render: (s: AdminWealthOrder['status']) => <Tag color={s === 'earning' ? 'green' : 'default'}>{S.statuses[s]}</Tag>,
  },
  { title: C.createdAt, dataIndex: 'createdAt', render: formatDateTime },
];
