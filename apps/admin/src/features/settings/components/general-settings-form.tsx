import type { AdminSettings, GeneralSettings } from '@app/contract/wallet';
import { Card, Form, Input, Switch } from 'antd';
import { STRINGS } from '../../../config/strings';
import { useUpdateGeneralSettings } from '../api/update-general-settings';
import { SettingsForm } from './settings-form';

const S = STRINGS.settings;
const FIELDS = ['webName', 'inviteRequired', 'supportHours'] as const;

export function GeneralSettingsForm({ settings, canEdit }: { settings: AdminSettings; canEdit: boolean }) {
  const mutation = useUpdateGeneralSettings();
  const initial: GeneralSettings = {
    webName: settings.webName,
    inviteRequired: settings.inviteRequired,
    supportHours: settings.supportHours,
  };

  const send = (values: GeneralSettings) =>
    mutation.mutateAsync({
      ...values,
      webName: values.webName.trim(),
      supportHours: values.supportHours?.trim() ?? '',
    });

  return (
    <Card title={S.general}>
      <SettingsForm<GeneralSettings>
        initialValues={initial}
        canEdit={canEdit}
        fields={FIELDS}
        onSave={send}
        saveText={S.saveGeneral}
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
      </SettingsForm>
    </Card>
  );
}
