import { KycScreen } from '../../features/kyc/components/kyc-screen';
import { RequirePermission } from '../require-permission';

export function KycRoute() {
  return (
    <RequirePermission permission="kyc.review">
      <KycScreen />
    </RequirePermission>
  );
}
