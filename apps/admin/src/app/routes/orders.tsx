import { OrdersScreen } from '../../features/orders/components/orders-screen';
import { RequirePermission } from '../require-permission';

export function OrdersRoute() {
  return (
    <RequirePermission permission="orders.read">
      <OrdersScreen />
    </RequirePermission>
  );
}
