import type { AdminSettings, GeneralSettings } from '@app/contract/wallet';
import { Alert, App, Button, Card, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateGeneralSettings } from '../api/update-general-settings';

const S = STRINGS.settings;
const FIELDS = ['webName', 'inviteRequired', 'supportHours'] as const;

export function GeneralSettingsForm({ settings, canEdit }: { settings: AdminSettings; canEdit: boolean }) {
  const [form] = Form.useForm<GeneralSettings>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useUpdateGeneralSettings();
  const initial: GeneralSettings = {
    webName: settings.webName,
    inviteRequired: settings.inviteRequired,
    supportHours: settings.supportHours,
  };

  const submit = (values: GeneralSettings) => {
    setAlert(null);
    const body = { ...values, webName: values.webName.trim(), supportHours: values.supportHours?.trim() ?? '' };
    mutation.mutate(body, {
      onSuccess: () => message.success(STRINGS.common.saved),
      onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
    });
  };

  return (
    <Card title={S.general}>
      {!canEdit && <Alert type="info" showIcon title={S.readOnly} style={{ marginBottom: 16 }} />}
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!canEdit}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item
          name="webName"
          label={S.webName}
          rules={[{ required: true, whitespace: true, max: 40, message: S.webNameRequired }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="inviteRequired" label={S.inviteRequired} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="supportHours" label={S.supportHours} rules={[{ max: 80 }]}>
          <Input maxLength={80} placeholder="09:00–21:00 (UTC+8)" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {S.saveGeneral}
          </Button>
        )}
      </Form>
    </Card>
  );
}
