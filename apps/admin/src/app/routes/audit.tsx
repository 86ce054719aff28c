import { useAdmins } from '../../features/admins/api/get-admins';
import { AuditScreen } from '../../features/audit/components/audit-screen';
import { useCan } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function AuditRoute() {
  // The admin filter lists admins by name; the app composes the two features.
  const canListAdmins = useCan('admins.manage');
  const admins = useAdmins({ enabled: canListAdmins });
  const adminOptions = (admins.data ?? []).map((admin) => ({ value: admin.id, label: admin.username }));
  return (
    <RequirePermission permission="audit.read">
      <AuditScreen adminOptions={adminOptions} />
    </RequirePermission>
  );
}
