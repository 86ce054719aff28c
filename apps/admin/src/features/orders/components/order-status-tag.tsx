import type { OrderStatus } from '@app/contract/markets';
import { Tag } from 'antd';
import { STRINGS } from '../../../config/strings';

const STATUS_COLORS: Record<OrderStatus, string> = {
  open: 'blue',
  won: 'green',
  lost: 'red',
  tie: 'default',
  void: 'purple',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{STRINGS.orders.statuses[status]}</Tag>;
}
