import type { TradingLimits } from '@app/contract/admin-markets';
import { Alert, App, Button, Card, Form, Input, InputNumber, Popconfirm, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { isPositiveAmount } from '../../../lib/money';
import { useUpdateTradingLimits } from '../api/update-trading-limits';

const S = STRINGS.settings;
const OPEN_ORDERS_MAX = 1000;
const FIELDS = ['maxOpenOrdersPerUser', 'maxStakePerOrder', 'maxExposurePerSymbolDirection'] as const;

const LIMIT_AMOUNT_RULES: Rule[] = [
  {
    validator: (_, value: string | undefined) =>
      isPositiveAmount(value ?? '') ? Promise.resolve() : Promise.reject(new Error(S.limitAmountRule)),
  },
];

/** The risk limits every new order is checked against; open orders are never touched by them. */
export function TradingLimitsForm({ limits, canEdit }: { limits: TradingLimits; canEdit: boolean }) {
  const [form] = Form.useForm<TradingLimits>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useUpdateTradingLimits();

  const submit = (values: TradingLimits) => {
    setAlert(null);
    const body: TradingLimits = {
      maxOpenOrdersPerUser: values.maxOpenOrdersPerUser,
      maxStakePerOrder: values.maxStakePerOrder.trim(),
      maxExposurePerSymbolDirection: values.maxExposurePerSymbolDirection.trim(),
    };
    mutation.mutate(body, {
      onSuccess: () => message.success(STRINGS.common.saved),
      onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
    });
  };

  return (
    <Card title={S.trading}>
      <Typography.Paragraph type="secondary">{S.tradingHint}</Typography.Paragraph>
      {!canEdit && <Alert type="info" showIcon title={S.readOnly} style={{ marginBottom: 16 }} />}
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={limits}
        disabled={!canEdit}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item
          name="maxOpenOrdersPerUser"
          label={S.maxOpenOrdersPerUser}
          rules={[{ required: true, type: 'integer', min: 1, max: OPEN_ORDERS_MAX }]}
        >
          <InputNumber min={1} max={OPEN_ORDERS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="maxStakePerOrder" label={S.maxStakePerOrder} rules={LIMIT_AMOUNT_RULES}>
          <Input inputMode="decimal" suffix="USDT" />
        </Form.Item>
        <Form.Item
          name="maxExposurePerSymbolDirection"
          label={S.maxExposurePerSymbolDirection}
          rules={LIMIT_AMOUNT_RULES}
        >
          <Input inputMode="decimal" suffix="USDT" />
        </Form.Item>
        {canEdit && (
          <Popconfirm
            title={S.saveTrading}
            description={S.confirmTrading}
            okText={STRINGS.common.save}
            cancelText={STRINGS.common.cancel}
            onConfirm={() => form.submit()}
          >
            <Button type="primary" loading={mutation.isPending}>
              {S.saveTrading}
            </Button>
          </Popconfirm>
        )}
      </Form>
    </Card>
  );
}
