import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AdminProduct,
  FEE_RATE_BP_MAX,
  PERIOD_SECONDS_MAX,
  PERIOD_SECONDS_MIN,
  type UpdateProductRequest,
} from '@app/contract/admin-markets';
import { parseRateBp } from '@app/contract/order-rules';
import { Button, Col, Descriptions, Form, Input, InputNumber, Row, Typography } from 'antd';
import { FormDrawer } from '../../../components/form-drawer';
import { checkRule, SortField, SwitchField } from '../../../components/form-fields';
import { LocalizedNameFields, trimmedNames } from '../../../components/localized-name-fields';
import { STRINGS } from '../../../config/strings';
import { isPositiveAmount } from '../../../lib/money';
import { useUpdateProduct } from '../api/update-product';
import { SourceTag } from './source-tag';

const S = STRINGS.products;
const P = S.period;
const FIELDS = ['nameI18n', 'enabled', 'sort', 'feeRate', 'periods'] as const;
const PERIOD_SECONDS_DEFAULT = 60;

type FormValues = Required<Omit<UpdateProductRequest, 'name'>>;

const rateRule = (message: string, isInRange: (bp: number) => boolean) =>
  checkRule(message, (text) => {
    const bp = parseRateBp(text.trim());
    return bp !== null && isInRange(bp);
  });
const STAKE_RULES = [checkRule(S.stakeRule, isPositiveAmount)];

/** Edits one product's rules; the periods are rows that can be added and removed. */
export function ProductFormDrawer({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const update = useUpdateProduct();
  const initial: FormValues = {
    nameI18n: product.nameI18n,
    enabled: product.enabled,
    sort: product.sort,
    feeRate: product.feeRate,
    periods: product.periods,
  };

  const send = (values: FormValues) => {
    const changes: UpdateProductRequest = {
      nameI18n: trimmedNames(values.nameI18n),
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
    return update.mutateAsync({ symbol: product.symbol, changes });
  };

  return (
    <FormDrawer<FormValues>
      title={S.editTitle(product.symbol)}
      size="min(760px, 100vw)"
      initialValues={initial}
      fields={FIELDS}
      onSave={send}
      savedText={S.updated}
      onClose={onClose}
      header={
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
      }
    >
      <LocalizedNameFields />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <SortField label={S.sort} />
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
          <SwitchField name="enabled" label={S.enabled} extra={S.disabledHint} />
        </Col>
      </Row>
      <Typography.Title level={5}>{S.periods}</Typography.Title>
      <PeriodRows />
    </FormDrawer>
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
