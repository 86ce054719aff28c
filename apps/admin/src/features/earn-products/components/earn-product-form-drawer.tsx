import {
  type AdminWealthProduct,
  parseRatePpm,
  WEALTH_CYCLE_DAYS_MAX,
  WEALTH_DAILY_RATE_PPM_MAX,
} from '@app/contract/wealth';
import { Alert, App, Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { isPositiveAmount } from '../../../lib/money';
import { useSaveEarnProduct } from '../api/save-earn-product';

const S = STRINGS.earnProducts;
const FIELDS = ['name', 'cycleDays', 'dailyRate', 'minAmount', 'maxPerUser', 'quotaTotal', 'enabled', 'sort'] as const;
const SORT_MAX = 10_000;

interface FormValues {
  name: string;
  cycleDays: number;
  dailyRate: string;
  minAmount: string;
  maxPerUser: string;
  quotaTotal: string;
  enabled: boolean;
  sort: number;
}

const AMOUNT_RULES: Rule[] = [
  {
    validator: (_, value: string | undefined) =>
      isPositiveAmount(value ?? '') ? Promise.resolve() : Promise.reject(new Error(S.amountRule)),
  },
];
const RATE_RULES: Rule[] = [
  {
    validator: (_, value: string | undefined) => {
      const ppm = parseRatePpm(value ?? '');
      return ppm !== null && ppm > 0 && ppm <= WEALTH_DAILY_RATE_PPM_MAX
        ? Promise.resolve()
        : Promise.reject(new Error(S.dailyRateRule));
    },
  },
];

/** Creates a product (`product` null) or edits one; the server writes the audit record. */
export function EarnProductFormDrawer({
  product,
  onClose,
}: {
  product: AdminWealthProduct | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const save = useSaveEarnProduct();
  const initial: FormValues = product
    ? {
        name: product.name,
        cycleDays: product.cycleDays,
        dailyRate: product.dailyRate,
        minAmount: product.minAmount,
        maxPerUser: product.maxPerUser,
        quotaTotal: product.quotaTotal,
        enabled: product.enabled,
        sort: product.sort,
      }
    : { name: '', cycleDays: 7, dailyRate: '', minAmount: '', maxPerUser: '', quotaTotal: '', enabled: true, sort: 0 };

  const submit = (values: FormValues) => {
    setAlert(null);
    const fields = {
      name: values.name.trim(),
      cycleDays: values.cycleDays,
      dailyRate: values.dailyRate.trim(),
      minAmount: values.minAmount.trim(),
      maxPerUser: values.maxPerUser.trim(),
      quotaTotal: values.quotaTotal.trim(),
      enabled: values.enabled,
      sort: values.sort,
    };
    save.mutate(product ? { id: product.id, product: fields } : { id: null, product: fields }, {
      onSuccess: () => {
        message.success(product ? S.updated : S.created);
        onClose();
      },
      onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
    });
  };

  return (
    <Drawer
      open
      title={product ? S.editTitle(product.name) : S.createTitle}
      size="min(640px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{STRINGS.common.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {STRINGS.common.save}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        {alert && <Alert type="error" showIcon title={alert} />}
        <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} requiredMark={false}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={S.name}
                rules={[{ required: true, whitespace: true, max: 64, message: S.nameRequired }]}
              >
                <Input maxLength={64} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="cycleDays"
                label={S.cycleDays}
                rules={[
                  { required: true, type: 'integer', min: 1, max: WEALTH_CYCLE_DAYS_MAX, message: S.cycleDaysRule },
                ]}
              >
                <InputNumber min={1} max={WEALTH_CYCLE_DAYS_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="dailyRate" label={S.dailyRate} rules={RATE_RULES}>
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="minAmount" label={S.minAmount} rules={AMOUNT_RULES}>
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="maxPerUser" label={S.maxPerUser} rules={AMOUNT_RULES}>
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="quotaTotal" label={S.quotaTotal} rules={AMOUNT_RULES}>
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="sort"
                label={S.sort}
                rules={[{ required: true, type: 'integer', min: 0, max: SORT_MAX }]}
              >
                <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="enabled" label={S.enabled} valuePropName="checked" extra={S.disabledHint}>
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Flex>
    </Drawer>
  );
}
