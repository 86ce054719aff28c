import { AdminsScreen } from '../../features/admins/components/admins-screen';
import { useCurrentAdmin } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function AdminsRoute() {
  const admin = useCurrentAdmin();
  return (
    <RequirePermission permission="admins.manage">
      <AdminsScreen currentAdminId={admin.id} />
    </RequirePermission>
  );
}
