import { NoticesScreen } from '../../features/notices/components/notices-screen';
import { RequirePermission } from '../require-permission';

export function NoticesRoute() {
  return (
    <RequirePermission permission="content.manage">
      <NoticesScreen />
    </RequirePermission>
  );
}
