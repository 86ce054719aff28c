import type { AdminOrder } from '@app/contract/admin-markets';
import { Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatDateTime, formatPeriod } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useOrder } from '../api/get-order';
import { OrderStatusTag } from './order-status-tag';

const S = STRINGS.orders;
const C = S.columns;
const F = S.fields;

/** Every field of one order, read-only: the entry and exit ticks let anyone re-check the result. */
export function OrderDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useOrder(id);
  const order = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={id ? S.detailTitle(id) : STRINGS.common.loading}
      size="min(720px, 100vw)"
      destroyOnHidden
    >
      {query.isPending && <Skeleton active />}
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      {order && <OrderDetail order={order} />}
    </Drawer>
  );
}

function OrderDetail({ order: o }: { order: AdminOrder }) {
  const none = STRINGS.common.none;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label={C.id}>{o.id}</Descriptions.Item>
      <Descriptions.Item label={C.status}>
        <OrderStatusTag status={o.status} />
      </Descriptions.Item>
      <Descriptions.Item label={F.username}>{o.username}</Descriptions.Item>
      <Descriptions.Item label={F.userId}>{o.userId}</Descriptions.Item>
      <Descriptions.Item label={C.symbol}>{o.symbol}</Descriptions.Item>
      <Descriptions.Item label={F.productName}>{o.productName}</Descriptions.Item>
      <Descriptions.Item label={C.direction}>{S.directions[o.direction]}</Descriptions.Item>
      <Descriptions.Item label={C.period}>{formatPeriod(o.period)}</Descriptions.Item>
      <Descriptions.Item label={C.amount}>{formatMoney(o.amount)}</Descriptions.Item>
      <Descriptions.Item label={F.fee}>{formatMoney(o.fee)}</Descriptions.Item>
      <Descriptions.Item label={C.payoutRate}>{o.payoutRate}</Descriptions.Item>
      <Descriptions.Item label={F.balanceAfter}>{formatMoney(o.balanceAfter)}</Descriptions.Item>
      <Descriptions.Item label={C.createdAt}>{formatDateTime(o.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={F.endTime}>{formatDateTime(o.endTime)}</Descriptions.Item>
      <Descriptions.Item label={F.entryPrice}>
        <Typography.Text strong>{o.entry?.price ?? none}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={F.entryTime}>{formatTickTime(o.entry?.time)}</Descriptions.Item>
      <Descriptions.Item label={F.exitPrice}>
        <Typography.Text strong>{o.exit?.price ?? none}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={F.exitTime}>{formatTickTime(o.exit?.time)}</Descriptions.Item>
      <Descriptions.Item label={F.lowest}>{o.lowest ?? none}</Descriptions.Item>
      <Descriptions.Item label={F.highest}>{o.highest ?? none}</Descriptions.Item>
      <Descriptions.Item label={F.payout}>{formatMoney(o.payout)}</Descriptions.Item>
      <Descriptions.Item label={C.profit}>{formatMoney(o.profit)}</Descriptions.Item>
      <Descriptions.Item label={C.settledAt}>{formatDateTime(o.settledAt)}</Descriptions.Item>
      <Descriptions.Item label={F.source}>
        <Tag color="orange">{o.source === 'simulated' ? STRINGS.products.sources.simulated : o.source}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Ticks are stamped to the millisecond; showing it lets an operator match the recorded tick exactly. */
function formatTickTime(iso: string | undefined): string {
  return iso ? `${formatDateTime(iso)}.${iso.slice(20, 23)}` : STRINGS.common.none;
}
