import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { CopyButton } from '../../../components/copy-button';
import { STRINGS } from '../../../config/strings';

const S = STRINGS.users;

/** Shows a freshly issued password exactly once; closing the dialog forgets it. */
export function OneTimePasswordModal({ password, onClose }: { password: string | null; onClose: () => void }) {
  return (
    <Modal
      open={password !== null}
      title={S.otpTitle}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {STRINGS.common.done}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={S.otpWarning} description={S.otpNextLogin} style={{ marginBottom: 16 }} />
      <Flex gap={12} align="center" wrap>
        <Typography.Text code style={{ fontSize: 22, userSelect: 'all' }} data-testid="one-time-password">
          {password}
        </Typography.Text>
        {password && <CopyButton text={password} />}
      </Flex>
    </Modal>
  );
}
