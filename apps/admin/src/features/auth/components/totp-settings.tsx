import type { AdminProfile } from '@app/contract/admin';
import { Alert, App, Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDisableTotp } from '../api/disable-totp';
import { useEnableTotp } from '../api/enable-totp';
import { type TotpSetup, useSetupTotp } from '../api/setup-totp';

const S = STRINGS.account;
const CODE_RULES = [{ required: true, pattern: /^\d{6}$/, message: STRINGS.login.totpInvalid }];
const normalizeCode = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** Turns the authenticator second factor on (scan, then prove with a code) or off (prove with a code). */
export function TotpSettings({ admin }: { admin: AdminProfile }) {
  return admin.totpEnabled ? <DisableTotp /> : <EnableTotp />;
}

function EnableTotp() {
  const [form] = Form.useForm<{ code: string }>();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const setupMutation = useSetupTotp();
  const enableMutation = useEnableTotp();

  const startSetup = () => {
    setAlert(null);
    setupMutation.mutate(undefined, { onSuccess: setSetup, onError: (error) => setAlert(error.message) });
  };

  const enable = ({ code }: { code: string }) => {
    setAlert(null);
    enableMutation.mutate(code, {
      onSuccess: () => {
        setSetup(null);
        message.success(S.totpEnabled);
      },
      onError: (error) => setAlert(applyServerErrors(form, error, ['code'])),
    });
  };

  return (
    <>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      {!setup ? (
        <Button onClick={startSetup} loading={setupMutation.isPending}>
          {S.totpSetup}
        </Button>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{S.totpSetupHint}</Typography.Paragraph>
          <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
            <QRCode value={setup.otpauthUrl} size={180} bgColor="#fff" />
            <div>
              <Typography.Text type="secondary">{S.totpSecret}</Typography.Text>
              <Typography.Paragraph copyable={{ text: setup.secret }} code style={{ wordBreak: 'break-all' }}>
                {setup.secret}
              </Typography.Paragraph>
            </div>
          </Flex>
          <Form form={form} layout="inline" onFinish={enable} requiredMark={false}>
            <Form.Item name="code" label={S.totpCode} rules={CODE_RULES} normalize={normalizeCode}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 120 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={enableMutation.isPending}>
              {S.totpEnable}
            </Button>
          </Form>
        </>
      )}
    </>
  );
}

function DisableTotp() {
  const [form] = Form.useForm<{ code: string }>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useDisableTotp();

  const disable = ({ code }: { code: string }) => {
    setAlert(null);
    mutation.mutate(code, {
      onSuccess: () => {
        form.resetFields();
        message.success(S.totpDisabled);
      },
      onError: (error) => setAlert(applyServerErrors(form, error, ['code'])),
    });
  };

  return (
    <>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{S.totpDisableHint}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={disable} requiredMark={false}>
        <Form.Item name="code" label={S.totpCode} rules={CODE_RULES} normalize={normalizeCode}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 120 }} />
        </Form.Item>
        <Button danger htmlType="submit" loading={mutation.isPending}>
          {S.totpDisable}
        </Button>
      </Form>
    </>
  );
}
