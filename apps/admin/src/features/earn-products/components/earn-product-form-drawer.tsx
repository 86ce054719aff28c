import type { LocalizedName } from '@app/contract/product-names';
import {
  type AdminWealthProduct,
  parseRatePpm,
  WEALTH_CYCLE_DAYS_MAX,
  WEALTH_DAILY_RATE_PPM_MAX,
} from '@app/contract/wealth';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { FormDrawer } from '../../../components/form-drawer';
import { checkRule, SortField, SwitchField } from '../../../components/form-fields';
import { LocalizedNameFields, trimmedNames } from '../../../components/localized-name-fields';
import { STRINGS } from '../../../config/strings';
import { isPositiveAmount } from '../../../lib/money';
import { useSaveEarnProduct } from '../api/save-earn-product';

const S = STRINGS.earnProducts;
const FIELDS = [
  'nameI18n',
  'cycleDays',
  'dailyRate',
  'minAmount',
  'maxPerUser',
  'quotaTotal',
  'enabled',
  'sort',
] as const;

interface FormValues {
  nameI18n: LocalizedName;
  cycleDays: number;
  dailyRate: string;
  minAmount: string;
  maxPerUser: string;
  quotaTotal: string;
  enabled: boolean;
  sort: number;
}

const AMOUNT_RULES = [checkRule(S.amountRule, isPositiveAmount)];
const RATE_RULES = [
  checkRule(S.dailyRateRule, (text) => {
    const ppm = parseRatePpm(text);
    return ppm !== null && ppm > 0 && ppm <= WEALTH_DAILY_RATE_PPM_MAX;
  }),
];
const AMOUNT_FIELDS = [
  ['minAmount', S.minAmount],
  ['maxPerUser', S.maxPerUser],
  ['quotaTotal', S.quotaTotal],
] as const;

/** Creates a product (`product` null) or edits one; the server writes the audit record. */
export function EarnProductFormDrawer({
  product,
  onClose,
}: {
  product: AdminWealthProduct | null;
  onClose: () => void;
}) {
  const save = useSaveEarnProduct();
  const initial: FormValues = product
    ? {
        nameI18n: product.nameI18n,
        cycleDays: product.cycleDays,
        dailyRate: product.dailyRate,
        minAmount: product.minAmount,
        maxPerUser: product.maxPerUser,
        quotaTotal: product.quotaTotal,
        enabled: product.enabled,
        sort: product.sort,
      }
    : {
        nameI18n: { en: '', vn: '', zn: '' },
        cycleDays: 7,
        dailyRate: '',
        minAmount: '',
        maxPerUser: '',
        quotaTotal: '',
        enabled: true,
        sort: 0,
      };

  const send = (values: FormValues) => {
    const fields = {
      nameI18n: trimmedNames(values.nameI18n),
      cycleDays: values.cycleDays,
      dailyRate: values.dailyRate.trim(),
      minAmount: values.minAmount.trim(),
      maxPerUser: values.maxPerUser.trim(),
      quotaTotal: values.quotaTotal.trim(),
      enabled: values.enabled,
      sort: values.sort,
    };
    return save.mutateAsync(product ? { id: product.id, product: fields } : { id: null, product: fields });
  };

  return (
    <FormDrawer<FormValues>
      title={product ? S.editTitle(product.name) : S.createTitle}
      size="min(640px, 100vw)"
      initialValues={initial}
      fields={FIELDS}
      onSave={send}
      savedText={product ? S.updated : S.created}
      onClose={onClose}
    >
      <LocalizedNameFields />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="cycleDays"
            label={S.cycleDays}
            rules={[{ required: true, type: 'integer', min: 1, max: WEALTH_CYCLE_DAYS_MAX, message: S.cycleDaysRule }]}
          >
            <InputNumber min={1} max={WEALTH_CYCLE_DAYS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="dailyRate" label={S.dailyRate} rules={RATE_RULES}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Col>
        {AMOUNT_FIELDS.map(([name, label]) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={name} label={label} rules={AMOUNT_RULES}>
              <Input inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <SortField label={S.sort} />
        </Col>
        <Col xs={24} md={12}>
          <SwitchField name="enabled" label={S.enabled} extra={S.disabledHint} />
        </Col>
      </Row>
    </FormDrawer>
  );
}
