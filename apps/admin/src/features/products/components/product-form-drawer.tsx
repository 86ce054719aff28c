import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AdminProduct,
  FEE_RATE_BP_MAX,
  PERIOD_SECONDS_MAX,
  PERIOD_SECONDS_MIN,
  type UpdateProductRequest,
} from '@app/contract/admin-markets';
import { parseRateBp } from '@app/contract/order-rules';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { isPositiveAmount } from '../../../lib/money';
import { useUpdateProduct } from '../api/update-product';
import { SourceTag } from './source-tag';

const S = STRINGS.products;
const P = S.period;
const FIELDS = ['name', 'enabled', 'sort', 'feeRate', 'periods'] as const;
const SORT_MAX = 10_000;
const PERIOD_SECONDS_DEFAULT = 60;

type FormValues = Required<UpdateProductRequest>;

const rateRule = (message: string, isInRange: (bp: number) => boolean): Rule => ({
  validator: (_, value: string | undefined) => {
    const bp = parseRateBp(value?.trim() ?? '');
    return bp !== null && isInRange(bp) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});
const STAKE_RULES: Rule[] = [
  {
    validator: (_, value: string | undefined) =>
      isPositiveAmount(value ?? '') ? Promise.resolve() : Promise.reject(new Error(S.stakeRule)),
  },
];

/** Edits one product's rules; the periods are rows that can be added and removed. */
export function ProductFormDrawer({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const update = useUpdateProduct();
  const initial: FormValues = {
    name: product.name,
    enabled: product.enabled,
    sort: product.sort,
    feeRate: product.feeRate,
    periods: product.periods,
  };

  const submit = (values: FormValues) => {
    setAlert(null);
    const changes: UpdateProductRequest = {
      name: values.name.trim(),
      enabled: values.enabled,
      sort: values.sort,
      feeRate: values.feeRate.trim(),
      periods: values.periods.map((p) => ({
        seconds: p.seconds,
        payoutRate: p.payoutRate.trim(),
        minStake: p.minStake.trim(),
        maxStake: p.maxStake.trim(),
      })),
    };
    update.mutate(
      { symbol: product.symbol, changes },
      {
        onSuccess: () => {
          message.success(S.updated);
          onClose();
        },
        onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
      },
    );
  };

  return (
    <Drawer
      open
      title={S.editTitle(product.symbol)}
      size="min(760px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{STRINGS.common.cancel}</Button>
          <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
            {STRINGS.common.save}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} title={S.readOnlyFields}>
          <Descriptions.Item label={S.columns.symbol}>{product.symbol}</Descriptions.Item>
          <Descriptions.Item label={S.columns.category}>
            {S.categories[product.category] ?? product.category}
          </Descriptions.Item>
          <Descriptions.Item label={S.columns.source}>
            <SourceTag source={product.source} />
          </Descriptions.Item>
          <Descriptions.Item label={S.precision}>{product.pricePrecision}</Descriptions.Item>
          <Descriptions.Item label={S.columns.last}>{product.last ?? STRINGS.common.none}</Descriptions.Item>
        </Descriptions>
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
                name="sort"
                label={S.sort}
                rules={[{ required: true, type: 'integer', min: 0, max: SORT_MAX }]}
              >
                <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="feeRate"
                label={S.feeRate}
                rules={[rateRule(S.feeRateRule, (bp) => bp >= 0 && bp <= FEE_RATE_BP_MAX)]}
              >
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="enabled" label={S.enabled} valuePropName="checked" extra={S.disabledHint}>
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{S.periods}</Typography.Title>
          <PeriodRows />
        </Form>
      </Flex>
    </Drawer>
  );
}

function PeriodRows() {
  return (
    <Form.List
      name="periods"
      rules={[
        {
          validator: async (_, periods: unknown[] | undefined) => {
            if (!periods || periods.length === 0) throw new Error(S.periodsRequired);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Row key={field.key} gutter={8} align="top" wrap={false}>
              <Col flex="110px">
                <Form.Item
                  name={[field.name, 'seconds']}
                  label={index === 0 ? P.seconds : undefined}
                  rules={[
                    {
                      required: true,
                      type: 'integer',
                      min: PERIOD_SECONDS_MIN,
                      max: PERIOD_SECONDS_MAX,
                      message: S.secondsRule,
                    },
                  ]}
                >
                  <InputNumber
                    aria-label={`${P.seconds} ${index + 1}`}
                    min={PERIOD_SECONDS_MIN}
                    max={PERIOD_SECONDS_MAX}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col flex="1">
                <Form.Item
                  name={[field.name, 'payoutRate']}
                  label={index === 0 ? P.payoutRate : undefined}
                  rules={[rateRule(S.payoutRateRule, (bp) => bp > 0 && bp <= 10_000)]}
                >
                  <Input aria-label={`${P.payoutRate} ${index + 1}`} inputMode="decimal" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col flex="1">
                <Form.Item
                  name={[field.name, 'minStake']}
                  label={index === 0 ? P.minStake : undefined}
                  rules={STAKE_RULES}
                >
                  <Input aria-label={`${P.minStake} ${index + 1}`} inputMode="decimal" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col flex="1">
                <Form.Item
                  name={[field.name, 'maxStake']}
                  label={index === 0 ? P.maxStake : undefined}
                  rules={STAKE_RULES}
                >
                  <Input aria-label={`${P.maxStake} ${index + 1}`} inputMode="decimal" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col flex="40px" style={index === 0 ? { paddingTop: 30 } : undefined}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={P.remove(index)}
                  onClick={() => remove(field.name)}
                />
              </Col>
            </Row>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ seconds: PERIOD_SECONDS_DEFAULT, payoutRate: '', minStake: '', maxStake: '' })}
            style={{ marginTop: 8 }}
          >
            {P.add}
          </Button>
        </>
      )}
    </Form.List>
  );
}
