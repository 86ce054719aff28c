import type { TradingLimits } from '@app/contract/admin-markets';
import { Card, Form, Input, InputNumber, Typography } from 'antd';
import { checkRule } from '../../../components/form-fields';
import { STRINGS } from '../../../config/strings';
import { isPositiveAmount } from '../../../lib/money';
import { useUpdateTradingLimits } from '../api/update-trading-limits';
import { SettingsForm } from './settings-form';

const S = STRINGS.settings;
const OPEN_ORDERS_MAX = 1000;
const FIELDS = ['maxOpenOrdersPerUser', 'maxStakePerOrder', 'maxExposurePerSymbolDirection'] as const;

const LIMIT_AMOUNT_RULES = [checkRule(S.limitAmountRule, isPositiveAmount)];

/** The risk limits every new order is checked against; open orders are never touched by them. */
export function TradingLimitsForm({ limits, canEdit }: { limits: TradingLimits; canEdit: boolean }) {
  const mutation = useUpdateTradingLimits();

  const send = (values: TradingLimits) => {
    const body: TradingLimits = {
      maxOpenOrdersPerUser: values.maxOpenOrdersPerUser,
      maxStakePerOrder: values.maxStakePerOrder.trim(),
      maxExposurePerSymbolDirection: values.maxExposurePerSymbolDirection.trim(),
    };
    return mutation.mutateAsync(body);
  };

  return (
    <Card title={S.trading}>
      <SettingsForm<TradingLimits>
        initialValues={limits}
        canEdit={canEdit}
        fields={FIELDS}
        onSave={send}
        saveText={S.saveTrading}
        confirmText={S.confirmTrading}
        intro={<Typography.Paragraph type="secondary">{S.tradingHint}</Typography.Paragraph>}
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
      </SettingsForm>
    </Card>
  );
}
