import { Form, Input, InputNumber, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { STRINGS } from '../config/strings';
import { isPositiveAmount } from '../lib/money';

export const REASON_LENGTH_MAX = 500;
const NAME_LENGTH_MAX = 64;
const SORT_MAX = 10_000;

/** A text rule: the value passes `isValid`, or the field says `message`. */
export function checkRule(message: string, isValid: (text: string) => boolean): Rule {
  return {
    validator: (_, value: string | undefined) =>
      isValid(value ?? '') ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

/** The name a list shows: required, at most 64 characters. */
export function NameField({ label, requiredMessage }: { label: string; requiredMessage: string }) {
  return (
    <Form.Item
      name="name"
      label={label}
      rules={[{ required: true, whitespace: true, max: NAME_LENGTH_MAX, message: requiredMessage }]}
    >
      <Input maxLength={NAME_LENGTH_MAX} autoComplete="off" />
    </Form.Item>
  );
}

/** An on/off of the thing edited, e.g. whether users see it. */
export function SwitchField({ name, label, extra }: { name: string; label: string; extra?: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
      <Switch />
    </Form.Item>
  );
}

/** A place in a list, 0 to 10 000; lower comes first. */
export function SortField({ label, width = '100%' }: { label: string; width?: number | string }) {
  return (
    <Form.Item name="sort" label={label} rules={[{ required: true, type: 'integer', min: 0, max: SORT_MAX }]}>
      <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width }} />
    </Form.Item>
  );
}

/** A USDT amount; anything but a positive amount is refused before it reaches the server. */
export function AmountField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} rules={[checkRule(STRINGS.common.amountInvalid, isPositiveAmount)]}>
      <Input inputMode="decimal" autoComplete="off" suffix="USDT" />
    </Form.Item>
  );
}

/** Why an operator acts; it goes to the audit log with the action. */
export function ReasonField({
  name = 'reason',
  label,
  autoFocus,
}: {
  name?: string;
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, whitespace: true, message: STRINGS.common.reasonRequired },
        { max: REASON_LENGTH_MAX, message: STRINGS.common.reasonTooLong },
      ]}
    >
      <Input.TextArea
        autoFocus={autoFocus}
        rows={3}
        maxLength={REASON_LENGTH_MAX}
        showCount
        placeholder={STRINGS.common.reasonPlaceholder}
      />
    </Form.Item>
  );
}
