import { EarnProductsScreen } from '../../features/earn-products/components/earn-products-screen';
import { useCan } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function EarnProductsRoute() {
  const canManage = useCan('earnProducts.manage');
  return (
    <RequirePermission permission="earnProducts.read">
      <EarnProductsScreen canManage={canManage} />
    </RequirePermission>
  );
}
