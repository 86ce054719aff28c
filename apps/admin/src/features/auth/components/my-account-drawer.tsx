import { Descriptions, Divider, Drawer, Tag } from 'antd';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { useMe } from '../api/get-me';
import { ChangePasswordForm } from './change-password-form';
import { TotpSettings } from './totp-settings';

const S = STRINGS.account;

export function MyAccountDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: admin } = useMe();
  return (
    <Drawer title={S.title} open={open} onClose={onClose} size="min(520px, 100vw)" destroyOnHidden>
      {admin && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={STRINGS.login.username}>{admin.username}</Descriptions.Item>
            <Descriptions.Item label={S.role}>
              <Tag color={STRINGS.roleColors[admin.role]}>{STRINGS.roles[admin.role]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={S.lastLogin}>{formatDateTime(admin.lastLoginAt)}</Descriptions.Item>
            <Descriptions.Item label={S.totp}>
              <Tag color={admin.totpEnabled ? 'green' : 'default'}>{admin.totpEnabled ? S.totpOn : S.totpOff}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Divider titlePlacement="start">{S.changePassword}</Divider>
          <ChangePasswordForm />
          <Divider titlePlacement="start">{S.totp}</Divider>
          <TotpSettings admin={admin} />
        </>
      )}
    </Drawer>
  );
}
