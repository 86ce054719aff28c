import { FlexibleEarnScreen } from '../../features/flexible-earn/components/flexible-earn-screen';
import { RequirePermission } from '../require-permission';

export function FlexibleEarnRoute() {
  return (
    <RequirePermission permission="flexibleEarn.read">
      <FlexibleEarnScreen />
    </RequirePermission>
  );
}
