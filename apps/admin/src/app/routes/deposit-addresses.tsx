import { DepositAddressesScreen } from '../../features/deposit-addresses/components/deposit-addresses-screen';
import { RequirePermission } from '../require-permission';

export function DepositAddressesRoute() {
  return (
    <RequirePermission permission="depositAddresses.manage">
      <DepositAddressesScreen />
    </RequirePermission>
  );
}
