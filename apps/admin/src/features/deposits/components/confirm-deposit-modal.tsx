import { parseAmount } from '@app/contract/money';
import type { AdminDeposit, ConfirmDepositRequest } from '@app/contract/wallet';
import { Alert, App, Checkbox, Descriptions, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal } from '../../../components/action-modal';
import { AmountField } from '../../../components/form-fields';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { formatMoney, isPositiveAmount } from '../../../lib/money';
import { useConfirmDeposit } from '../api/confirm-deposit';

const S = STRINGS.deposits;
const NOTE_LENGTH_MAX = 500;

interface FormValues {
  isCorrected: boolean;
  amount?: string;
  note?: string;
}

/**
 * Confirms a deposit, crediting the user once. The key is made when the dialog opens, so a retry after
 * a lost answer is the same request, not a second credit.
 */
export function ConfirmDepositModal({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useConfirmDeposit();
  const isCorrected = Form.useWatch('isCorrected', form) ?? false;
  const correctedAmount = Form.useWatch('amount', form)?.trim() ?? '';
  const creditAmount = isCorrected && isPositiveAmount(correctedAmount) ? correctedAmount : deposit.amount;

  const submit = (values: FormValues) => {
    setAlert(null);
    const body: ConfirmDepositRequest = {};
    const amount = values.amount?.trim();
    const note = values.note?.trim();
    if (values.isCorrected && amount && parseAmount(amount) !== parseAmount(deposit.amount)) body.amount = amount;
    if (note) body.note = note;
    mutation.mutate(
      { id: deposit.id, body, idempotencyKey },
      {
        onSuccess: () => {
          message.success(S.confirmed);
          onClose();
        },
        onError: (error) => setAlert(applyServerErrors(form, error, ['amount', 'note'])),
      },
    );
  };

  return (
    <ActionModal
      title={S.confirmTitle(deposit.id)}
      okText={S.confirmOk}
      isSubmitting={mutation.isPending}
      okButtonProps={{ htmlType: 'submit', form: 'confirm-deposit' }}
      error={alert}
      onCancel={onClose}
    >
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={S.columns.username}>{deposit.username}</Descriptions.Item>
        <Descriptions.Item label={S.columns.method}>{S.methods[deposit.method]}</Descriptions.Item>
        <Descriptions.Item label={S.requested}>{formatMoney(deposit.amount)}</Descriptions.Item>
        {deposit.txHash && (
          <Descriptions.Item label={S.columns.txHash}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {deposit.txHash}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Form
        id="confirm-deposit"
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ isCorrected: false }}
        onFinish={submit}
      >
        <Form.Item name="isCorrected" valuePropName="checked">
          <Checkbox>{S.correctAmount}</Checkbox>
        </Form.Item>
        {isCorrected && <AmountField name="amount" label={S.creditedAmount} />}
        <Form.Item
          name="note"
          label={S.note}
          dependencies={['isCorrected', 'amount']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                getFieldValue('isCorrected') && !value?.trim()
                  ? Promise.reject(new Error(S.noteRequired))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.TextArea rows={3} maxLength={NOTE_LENGTH_MAX} showCount placeholder={S.notePlaceholder} />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={S.effect(formatMoney(creditAmount), deposit.username)} />
    </ActionModal>
  );
}
