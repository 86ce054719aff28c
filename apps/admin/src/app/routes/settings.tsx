import { SettingsScreen } from '../../features/settings/components/settings-screen';
import { useCan } from '../current-admin';
import { RequirePermission } from '../require-permission';

export function SettingsRoute() {
  const canEditGeneral = useCan('settings.general');
  const canEditWallet = useCan('settings.wallet');
  const canEditTrading = useCan('settings.trading');
  const canEditReferral = useCan('settings.referral');
  return (
    <RequirePermission permission="settings.read">
      <SettingsScreen
        canEditGeneral={canEditGeneral}
        canEditWallet={canEditWallet}
        canEditTrading={canEditTrading}
        canEditReferral={canEditReferral}
      />
    </RequirePermission>
  );
}
