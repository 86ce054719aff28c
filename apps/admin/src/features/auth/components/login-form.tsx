import type { AdminProfile } from '@app/contract/admin';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';

const S = STRINGS.login;

interface Credentials {
  username: string;
  password: string;
}

/** Username and password first; a second step asks for the authenticator code when the server wants one. */
export function LoginForm({ onSuccess }: { onSuccess: (admin: AdminProfile) => void }) {
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [credentialsForm] = Form.useForm<Credentials>();
  const [totpForm] = Form.useForm<{ totp: string }>();
  const [alert, setAlert] = useState<string | null>(null);
  const loginMutation = useLogin();

  const submitCredentials = (values: Credentials) => {
    setAlert(null);
    loginMutation.mutate(values, {
      onSuccess: (result) => onSuccess(result.admin),
      onError: (error) => {
        if (isApiError(error, 'admin_totp_required')) {
          setCredentials(values);
          return;
        }
        setAlert(applyServerErrors(credentialsForm, error, ['username', 'password']));
      },
    });
  };

  const submitTotp = ({ totp }: { totp: string }) => {
    if (!credentials) return;
    setAlert(null);
    loginMutation.mutate(
      { ...credentials, totp },
      {
        onSuccess: (result) => onSuccess(result.admin),
        onError: (error) => {
          if (isApiError(error, 'admin_totp_invalid')) {
            totpForm.setFields([{ name: 'totp', value: '', errors: [error.message] }]);
            return;
          }
          setAlert(applyServerErrors(totpForm, error, ['totp']));
        },
      },
    );
  };

  const backToCredentials = () => {
    setCredentials(null);
    setAlert(null);
    totpForm.resetFields();
  };

  return (
    <Card style={{ width: '100%', maxWidth: 380 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {credentials ? S.totpTitle : S.title}
      </Typography.Title>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} role="alert" />}
      {credentials ? (
        // Keys: the two steps are different forms, not one form whose store React would keep.
        <Form key="totp" form={totpForm} layout="vertical" onFinish={submitTotp} requiredMark={false}>
          <Typography.Paragraph type="secondary">{S.totpHint}</Typography.Paragraph>
          <Form.Item
            name="totp"
            label={S.totpCode}
            rules={[{ required: true, pattern: /^\d{6}$/, message: S.totpInvalid }]}
            normalize={(value: string) => value.replace(/\D/g, '').slice(0, 6)}
          >
            <Input autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="large" />
          </Form.Item>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending}>
              {S.totpSubmit}
            </Button>
            <Button type="link" block onClick={backToCredentials}>
              {S.back}
            </Button>
          </Space>
        </Form>
      ) : (
        <Form
          key="credentials"
          form={credentialsForm}
          layout="vertical"
          onFinish={submitCredentials}
          requiredMark={false}
        >
          <Form.Item name="username" label={S.username} rules={[{ required: true, message: S.usernameRequired }]}>
            <Input autoFocus autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item name="password" label={S.password} rules={[{ required: true, message: S.passwordRequired }]}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending}>
            {S.submit}
          </Button>
        </Form>
      )}
    </Card>
  );
}
