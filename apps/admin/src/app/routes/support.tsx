import { SupportScreen } from '../../features/support/components/support-screen';
import { RequirePermission } from '../require-permission';

export function SupportRoute() {
  return (
    <RequirePermission permission="support.handle">
      <SupportScreen />
    </RequirePermission>
  );
}
