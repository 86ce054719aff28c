import { DepositsScreen } from '../../features/deposits/components/deposits-screen';
import { RequirePermission } from '../require-permission';

export function DepositsRoute() {
  return (
    <RequirePermission permission="deposits.manage">
      <DepositsScreen />
    </RequirePermission>
  );
}
