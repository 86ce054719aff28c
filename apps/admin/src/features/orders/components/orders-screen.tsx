import { type AdminOrder, adminOrderListRequestSchema } from '@app/contract/admin-markets';
import { ORDER_DIRECTIONS, ORDER_STATUSES, type OrderDirection } from '@app/contract/markets';
import { Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { StatusFilter } from '../../../components/status-filter';
import { userColumn } from '../../../components/user-column';
import { UserIdFilter } from '../../../components/user-id-filter';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime, formatPeriod } from '../../../lib/format';
import { readId, readStatus } from '../../../lib/list-params';
import { formatMoney } from '../../../lib/money';
import { ordersQueryOptions } from '../api/get-orders';
import { OrderDetailDrawer } from './order-detail-drawer';
import { OrderStatusTag } from './order-status-tag';

const S = STRINGS.orders;
const symbolSchema = adminOrderListRequestSchema.shape.symbol;

/** Every user's timed orders, newest first; filters, page and the open order live in the URL. */
export function OrdersScreen() {
  const list = useList({ filters: readFilters, page: ordersQueryOptions });
  const { params, filter, update } = list;
  const openId = readId(list.searchParams, 'open') ?? null;
  const open = (id: string) => update({ open: id });

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{S.hint}</Typography.Paragraph>
      <ListToolbar list={list}>
        <StatusFilter
          value={params.status}
          statuses={ORDER_STATUSES}
          labels={S.statuses}
          onChange={(status) => filter({ status: status === 'all' ? undefined : status })}
        />
        <UserIdFilter value={params.userId} onChange={(userId) => filter({ userId })} />
        <SymbolFilter value={params.symbol} onChange={(symbol) => filter({ symbol })} />
        <Select
          aria-label={S.direction}
          value={params.direction ?? ''}
          onChange={(direction) => filter({ direction })}
          style={{ width: 170 }}
          options={[
            { value: '', label: `${S.direction}: ${STRINGS.common.all}` },
            ...ORDER_DIRECTIONS.map((d) => ({ value: d, label: S.directions[d] })),
          ]}
        />
      </ListToolbar>
      <ListTable<AdminOrder> list={list} columns={COLUMNS} onRowClick={(order) => open(order.id)} />
      <OrderDetailDrawer id={openId} onClose={() => update({ open: undefined })} />
    </>
  );
}

function readFilters(searchParams: URLSearchParams) {
  return {
    userId: readId(searchParams, 'userId'),
    symbol: readSymbol(searchParams),
    status: readStatus(searchParams, ORDER_STATUSES, undefined),
    direction: ORDER_DIRECTIONS.find((d) => d === searchParams.get('direction')),
  };
}

function readSymbol(searchParams: URLSearchParams): string | undefined {
  const parsed = symbolSchema.safeParse(searchParams.get('symbol') ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

function SymbolFilter({ value, onChange }: { value: string | undefined; onChange: (symbol: string) => void }) {
  const [isInvalid, setIsInvalid] = useState(false);
  return (
    <Input.Search
      key={value ?? ''}
      defaultValue={value}
      placeholder={S.symbol}
      aria-label={S.symbol}
      title={isInvalid ? S.symbolInvalid : undefined}
      status={isInvalid ? 'error' : undefined}
      allowClear
      onSearch={(text) => {
        const symbol = text.trim().toUpperCase();
        const isValid = symbol === '' || symbolSchema.safeParse(symbol).success;
        setIsInvalid(!isValid);
        if (isValid) onChange(symbol);
      }}
      style={{ width: 180 }}
    />
  );
}

const directionLabel = (d: OrderDirection) => S.directions[d];

const COLUMNS: TableColumnsType<AdminOrder> = [
  { title: S.columns.id, dataIndex: 'id' },
  userColumn(S.columns.user),
  {
    title: S.columns.symbol,
    dataIndex: 'symbol',
    render: (symbol: string, o) =>
      o.account === 'practice' ? (
        <>
          {symbol} <Tag color="orange">{S.practice}</Tag>
        </>
      ) : (
        symbol
      ),
  },
  { title: S.columns.direction, dataIndex: 'direction', render: directionLabel },
  { title: S.columns.amount, dataIndex: 'amount', align: 'right', render: (a: string) => formatMoney(a) },
  { title: S.columns.payoutRate, dataIndex: 'payoutRate', align: 'right' },
  { title: S.columns.period, dataIndex: 'period', render: formatPeriod },
  { title: S.columns.status, dataIndex: 'status', render: (s: AdminOrder['status']) => <OrderStatusTag status={s} /> },
  { title: S.columns.entry, key: 'entry', align: 'right', render: (_, o) => o.entry?.price ?? STRINGS.common.none },
  { title: S.columns.exit, key: 'exit', align: 'right', render: (_, o) => o.exit?.price ?? STRINGS.common.none },
  { title: S.columns.profit, dataIndex: 'profit', align: 'right', render: (p: string | null) => formatMoney(p) },
  { title: S.columns.createdAt, dataIndex: 'createdAt', render: formatDateTime },
  { title: S.columns.settledAt, dataIndex: 'settledAt', render: formatDateTime },
];
