import { Form, Input } from 'antd';
import { STRINGS } from '../config/strings';
import { isPositiveAmount } from '../lib/money';

export const REASON_LENGTH_MAX = 500;

/** A USDT amount; anything but a positive amount is refused before it reaches the server. */
export function AmountField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        {
          validator: (_, value: string | undefined) =>
            isPositiveAmount(value ?? '') ? Promise.resolve() : Promise.reject(new Error(STRINGS.common.amountInvalid)),
        },
      ]}
    >
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
