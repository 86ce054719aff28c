import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

const S = STRINGS.account;

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ChangePasswordForm() {
  const [form] = Form.useForm<Values>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useChangePassword();

  const submit = ({ oldPassword, newPassword }: Values) => {
    setAlert(null);
    mutation.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          message.success(S.passwordChanged);
        },
        onError: (error) => setAlert(applyServerErrors(form, error, ['oldPassword', 'newPassword'])),
      },
    );
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form.Item name="oldPassword" label={S.oldPassword} rules={[{ required: true, message: S.oldPasswordRequired }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={S.newPassword}
        rules={[{ required: true, min: 10, max: 128, message: S.newPasswordRule }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={S.confirmPassword}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: S.passwordsDiffer },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error(S.passwordsDiffer)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {S.changePassword}
      </Button>
    </Form>
  );
}
