import { ReconciliationScreen } from '../../features/ledger/components/reconciliation-screen';
import { RequirePermission } from '../require-permission';

export function ReconciliationRoute() {
  return (
    <RequirePermission permission="ledger.read">
      <ReconciliationScreen />
    </RequirePermission>
  );
}
