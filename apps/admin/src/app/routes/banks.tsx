import { BanksScreen } from '../../features/banks/components/banks-screen';
import { RequirePermission } from '../require-permission';

export function BanksRoute() {
  return (
    <RequirePermission permission="banks.manage">
      <BanksScreen />
    </RequirePermission>
  );
}
