import { REFERRAL_MIN_INVITEES_MAX, REFERRAL_RATE_BP_MAX, type ReferralSettings } from '@app/contract/referral';
import { Alert, App, Button, Collapse, Form, InputNumber, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateReferralSettings } from '../api/update-referral-settings';

const S = STRINGS.settings;

/**
 * The referral level table: nine levels, each from a number of invitees with an approved deposit,
 * each with a cashback rate (basis points of the order fee). The server checks the order of the rows.
 * Folded until opened: its eighteen inputs are rarely edited and need not weigh on the settings screen.
 */
export function ReferralSettingsPanel({ referral, canEdit }: { referral: ReferralSettings; canEdit: boolean }) {
  return (
    <Collapse
      className="referral-settings"
      style={{ background: '#fff' }}
      items={[
        {
          key: 'referral',
          label: S.referral,
          children: <ReferralSettingsForm referral={referral} canEdit={canEdit} />,
        },
      ]}
    />
  );
}

function ReferralSettingsForm({ referral, canEdit }: { referral: ReferralSettings; canEdit: boolean }) {
  const [form] = Form.useForm<ReferralSettings>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useUpdateReferralSettings();

  const submit = (values: ReferralSettings) => {
    setAlert(null);
    const body: ReferralSettings = {
      levels: values.levels.map((l) => ({ minInvitees: l.minInvitees, rateBp: l.rateBp })),
    };
    mutation.mutate(body, {
      onSuccess: () => message.success(STRINGS.common.saved),
      onError: (error) => setAlert(applyServerErrors(form, error, ['levels'])),
    });
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{S.referralHint}</Typography.Paragraph>
      {!canEdit && <Alert type="info" showIcon title={S.readOnly} style={{ marginBottom: 16 }} />}
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={referral}
        disabled={!canEdit}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.List name="levels">
          {(fields) =>
            fields.map((field, i) => (
              <div key={field.key} style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                <Typography.Text strong style={{ width: 56, paddingTop: 34 }}>
                  {S.referralLevel(i + 1)}
                </Typography.Text>
                <Form.Item
                  name={[field.name, 'minInvitees']}
                  label={S.referralMinInvitees}
                  style={{ flex: 1 }}
                  rules={[{ required: true, type: 'integer', min: 0, max: REFERRAL_MIN_INVITEES_MAX }]}
                >
                  <InputNumber min={0} max={REFERRAL_MIN_INVITEES_MAX} precision={0} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'rateBp']}
                  label={S.referralRateBp}
                  style={{ flex: 1 }}
                  rules={[{ required: true, type: 'integer', min: 0, max: REFERRAL_RATE_BP_MAX }]}
                  extra={<RatePercent name={['levels', field.name, 'rateBp']} />}
                >
                  <InputNumber min={0} max={REFERRAL_RATE_BP_MAX} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </div>
            ))
          }
        </Form.List>
        {canEdit && (
          <Popconfirm
            title={S.saveReferral}
            description={S.confirmReferral}
            okText={STRINGS.common.save}
            cancelText={STRINGS.common.cancel}
            onConfirm={() => form.submit()}
          >
            <Button type="primary" loading={mutation.isPending}>
              {S.saveReferral}
            </Button>
          </Popconfirm>
        )}
      </Form>
    </>
  );
}

function RatePercent({ name }: { name: (string | number)[] }) {
  const bp = Form.useWatch(name) as number | undefined;
  return typeof bp === 'number' ? S.referralRatePercent(bp) : null;
}
