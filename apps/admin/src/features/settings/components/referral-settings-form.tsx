import { REFERRAL_MIN_INVITEES_MAX, REFERRAL_RATE_BP_MAX, type ReferralSettings } from '@app/contract/referral';
import { Collapse, Form, InputNumber, Typography } from 'antd';
import { STRINGS } from '../../../config/strings';
import { useUpdateReferralSettings } from '../api/update-referral-settings';
import { SettingsForm } from './settings-form';

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
  const mutation = useUpdateReferralSettings();

  const send = (values: ReferralSettings) =>
    mutation.mutateAsync({
      levels: values.levels.map((l) => ({ minInvitees: l.minInvitees, rateBp: l.rateBp })),
    });

  return (
    <SettingsForm<ReferralSettings>
      initialValues={referral}
      canEdit={canEdit}
      fields={['levels']}
      onSave={send}
      saveText={S.saveReferral}
      confirmText={S.confirmReferral}
      intro={<Typography.Paragraph type="secondary">{S.referralHint}</Typography.Paragraph>}
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
    </SettingsForm>
  );
}

function RatePercent({ name }: { name: (string | number)[] }) {
  const bp = Form.useWatch(name) as number | undefined;
  return typeof bp === 'number' ? S.referralRatePercent(bp) : null;
}
