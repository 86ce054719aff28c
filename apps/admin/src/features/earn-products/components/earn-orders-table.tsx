import { type AdminWealthOrder, WEALTH_ORDER_STATUSES } from '@app/contract/wealth';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { StatusFilter } from '../../../components/status-filter';
import { userColumn } from '../../../components/user-column';
import { UserIdFilter } from '../../../components/user-id-filter';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { readId, readStatus } from '../../../lib/list-params';
import { formatMoney } from '../../../lib/money';
import { earnOrdersQueryOptions } from '../api/get-earn-orders';

const S = STRINGS.earnProducts.orders;
const readFilters = (searchParams: URLSearchParams) => ({
  status: readStatus(searchParams, WEALTH_ORDER_STATUSES, undefined),
  userId: readId(searchParams, 'userId'),
  productId: readId(searchParams, 'productId'),
});

/** Every user's locked deposits, newest first, read-only; filters and page live in the URL. */
export function EarnOrdersTable() {
  const list = useList({ filters: readFilters, page: earnOrdersQueryOptions });
  const { params, filter } = list;
  return (
    <>
      <Typography.Paragraph type="secondary">{STRINGS.earnProducts.readOnly}</Typography.Paragraph>
      <ListToolbar list={list}>
        <StatusFilter
          value={params.status}
          statuses={WEALTH_ORDER_STATUSES}
          labels={S.statuses}
          onChange={(status) => filter({ status: status === 'all' ? undefined : status })}
        />
        <UserIdFilter value={params.userId} onChange={(userId) => filter({ userId })} />
      </ListToolbar>
      <ListTable<AdminWealthOrder> list={list} columns={COLUMNS} />
    </>
  );
}

const C = S.columns;
const COLUMNS: TableColumnsType<AdminWealthOrder> = [
  { title: C.id, dataIndex: 'id' },
  userColumn(C.user),
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
