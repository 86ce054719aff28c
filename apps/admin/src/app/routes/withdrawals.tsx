import { WithdrawalsScreen } from '../../features/withdrawals/components/withdrawals-screen';
import { useCurrentAdmin } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function WithdrawalsRoute() {
  const admin = useCurrentAdmin();
  return (
    <RequirePermission permission="withdrawals.manage">
      <WithdrawalsScreen currentAdmin={{ id: admin.id, username: admin.username }} />
    </RequirePermission>
  );
}
