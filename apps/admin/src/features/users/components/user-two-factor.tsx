import type { AdminUser } from '@app/contract/admin';
import { App, Button, Descriptions, Flex, Tag } from 'antd';
import { useState } from 'react';
import { ReasonModal } from '../../../components/reason-modal';
import { STRINGS } from '../../../config/strings';
import { useUserTwoFactor } from '../api/get-user-two-factor';
import { useResetUserTwoFactor } from '../api/reset-user-two-factor';

const S = STRINGS.users.twoFactor;

/** The user drawer's two-factor line (issue 14): on or off, never the secret; the audited reset for operators who manage users. */
export function UserTwoFactor({ user, canManage }: { user: AdminUser; canManage: boolean }) {
  const status = useUserTwoFactor(user.id);
  const reset = useResetUserTwoFactor();
  const { message } = App.useApp();
  const [isResetOpen, setIsResetOpen] = useState(false);
  const isOn = status.data?.enabled === true;
  return (
    <>
      <Descriptions column={1} size="small" bordered style={{ marginTop: 12 }}>
        <Descriptions.Item label={S.label}>
          <Flex gap={8} align="center" wrap>
            {status.data && <Tag color={isOn ? 'green' : undefined}>{isOn ? S.on : S.off}</Tag>}
            {isOn && <span>{S.recoveryLeft(status.data?.recoveryCodesLeft ?? 0)}</span>}
            {isOn && canManage && (
              <Button size="small" danger onClick={() => setIsResetOpen(true)}>
                {S.reset}
              </Button>
            )}
          </Flex>
        </Descriptions.Item>
      </Descriptions>
      <ReasonModal
        open={isResetOpen}
        title={S.reset}
        description={S.confirm(user.username)}
        okText={S.reset}
        isDanger
        onCancel={() => setIsResetOpen(false)}
        onSubmit={async (reason) => {
          await reset.mutateAsync({ id: user.id, reason });
          message.success(S.done);
          setIsResetOpen(false);
        }}
      />
    </>
  );
}
