import type { Order } from '@app/contract/markets';
import { useTranslation } from '../../../lib/i18n';

const TONE: Record<Order['status'], string> = { open: 'open', won: 'up', lost: 'down', tie: 'flat', void: 'flat' };

export function OrderStatus({ status }: { status: Order['status'] }) {
  const { t } = useTranslation();
  return <span className={`order-status order-status--${TONE[status]}`}>{t(`orders.status.${status}`)}</span>;
}

export function DirectionTag({ direction }: { direction: Order['direction'] }) {
  const { t } = useTranslation();
  return (
    <span className={`direction-tag direction-tag--${direction}`}>
      {direction === 'up' ? '▲' : '▼'} {t(`orders.direction.${direction}`)}
    </span>
  );
}
