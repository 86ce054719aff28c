import { Alert, App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { type SaveBankInput, useCreateBank } from '../api/create-bank';
import type { AdminBank } from '../api/get-banks';
import { useUpdateBank } from '../api/update-bank';

const S = STRINGS.banks;
const SORT_MAX = 10_000;

/** Adds a bank, or edits one when `bank` is given. */
export function BankFormModal({ bank, onClose }: { bank: AdminBank | null; onClose: () => void }) {
  const [form] = Form.useForm<SaveBankInput>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const create = useCreateBank();
  const update = useUpdateBank();
  const isPending = create.isPending || update.isPending;

  const submit = (values: SaveBankInput) => {
    setAlert(null);
    const input = { ...values, name: values.name.trim() };
    const onError = (error: Error) => setAlert(applyServerErrors(form, error, ['name', 'enabled', 'sort']));
    const done = (text: string) => () => {
      message.success(text);
      onClose();
    };
    if (bank) update.mutate({ id: bank.id, changes: input }, { onSuccess: done(S.updated), onError });
    else create.mutate(input, { onSuccess: done(S.created), onError });
  };

  return (
    <Modal
      open
      title={bank ? S.editTitle(bank.name) : S.addTitle}
      okText={STRINGS.common.save}
      cancelText={STRINGS.common.cancel}
      okButtonProps={{ loading: isPending, htmlType: 'submit', form: 'bank-form' }}
      onCancel={onClose}
    >
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form
        id="bank-form"
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={bank ?? { name: '', enabled: true, sort: 0 }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={S.name}
          rules={[{ required: true, whitespace: true, max: 64, message: S.nameRequired }]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="sort" label={S.sort} rules={[{ required: true, type: 'integer', min: 0, max: SORT_MAX }]}>
          <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enabled" label={S.columns.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
