import { ProductsScreen } from '../../features/products/components/products-screen';
import { RequirePermission } from '../require-permission';

export function ProductsRoute() {
  return (
    <RequirePermission permission="products.manage">
      <ProductsScreen />
    </RequirePermission>
  );
}
