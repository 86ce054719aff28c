import { UsersScreen } from '../../features/users/components/users-screen';
import { useCan } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function UsersRoute() {
  const canManage = useCan('users.manage');
  const canReadBalances = useCan('balances.read');
  const canAdjust = useCan('adjustments.create');
  const canReadLedger = useCan('ledger.read');
  // The users feature does not know the ledger screen; the app hands it the address.
  const money = {
    canReadBalances,
    canAdjust,
    journalsPath: canReadLedger ? (userId: string) => `/ledger?userId=${encodeURIComponent(userId)}` : undefined,
  };
  return (
    <RequirePermission permission="users.read">
      <UsersScreen canManage={canManage} money={money} />
    </RequirePermission>
  );
}
