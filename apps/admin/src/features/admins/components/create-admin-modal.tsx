import type { AdminCreateRequest } from '@app/contract/admin';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateAdmin } from '../api/create-admin';
import { ROLE_OPTIONS } from './role-options';

const S = STRINGS.admins;

export function CreateAdminModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<AdminCreateRequest>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useCreateAdmin();

  const submit = (values: AdminCreateRequest) => {
    setAlert(null);
    mutation.mutate(values, {
      onSuccess: () => {
        message.success(S.created);
        onClose();
      },
      onError: (error) => setAlert(applyServerErrors(form, error, ['username', 'password', 'role'])),
    });
  };

  return (
    <Modal
      open={open}
      title={S.createTitle}
      okText={STRINGS.common.save}
      cancelText={STRINGS.common.cancel}
      okButtonProps={{ loading: mutation.isPending, htmlType: 'submit', form: 'create-admin' }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setAlert(null);
      }}
      destroyOnHidden
    >
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form id="create-admin" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="username"
          label={S.username}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_.-]{3,32}$/, message: S.usernameRule }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={S.password}
          rules={[{ required: true, min: 10, max: 128, message: S.passwordRule }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={S.role} rules={[{ required: true, message: S.roleRequired }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
