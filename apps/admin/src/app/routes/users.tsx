import { UsersScreen } from '../../features/users/components/users-screen';
import { useCan } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function UsersRoute() {
  const canManage = useCan('users.manage');
  return (
    <RequirePermission permission="users.read">
      <UsersScreen canManage={canManage} />
    </RequirePermission>
  );
}
