import { SettingsScreen } from '../../features/settings/components/settings-screen';
import { useCan } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function SettingsRoute() {
  const canEditGeneral = useCan('settings.general');
  const canEditWallet = useCan('settings.wallet');
  return (
    <RequirePermission permission="settings.read">
      <SettingsScreen canEditGeneral={canEditGeneral} canEditWallet={canEditWallet} />
    </RequirePermission>
  );
}
