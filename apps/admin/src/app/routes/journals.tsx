import { JournalsScreen } from '../../features/ledger/components/journals-screen';
import { RequirePermission } from '../require-permission';

export function JournalsRoute() {
  return (
    <RequirePermission permission="ledger.read">
      <JournalsScreen />
    </RequirePermission>
  );
}
