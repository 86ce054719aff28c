import { parseFiat, usdtMinorOfFiat } from '@app/contract/fiat';
import { formatAmount, parseAmount } from '@app/contract/money';
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
  fiatReceived?: string;
  note?: string;
}

type FiatDeposit = AdminDeposit & { fiatCurrency: string; fiatRate: string; fiatAmount: string };
const isFiatDeposit = (d: AdminDeposit): d is FiatDeposit =>
  d.fiatCurrency !== null && d.fiatRate !== null && d.fiatAmount !== null;

/** The USDT a fiat figure credits at the deposit's locked rate; null while the figure is not an amount. */
function creditOfFiat(deposit: FiatDeposit, text: string): string | null {
  const minor = parseFiat(text.trim(), deposit.fiatCurrency);
  if (minor === null || minor <= 0n) return null;
  if (minor === parseFiat(deposit.fiatAmount, deposit.fiatCurrency)) return deposit.amount;
  return formatAmount(usdtMinorOfFiat(minor, deposit.fiatRate, deposit.fiatCurrency));
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
  const fiatReceived = Form.useWatch('fiatReceived', form)?.trim() ?? '';
  const fiat = isFiatDeposit(deposit) ? deposit : null;
  const creditAmount = !isCorrected
    ? deposit.amount
    : fiat
      ? (creditOfFiat(fiat, fiatReceived) ?? deposit.amount)
      : isPositiveAmount(correctedAmount)
        ? correctedAmount
        : deposit.amount;

  const submit = (values: FormValues) => {
    setAlert(null);
    const body: ConfirmDepositRequest = {};
    const amount = values.amount?.trim();
    const note = values.note?.trim();
    // A deposit with a locked rate is confirmed by the fiat that arrived; the server derives the USDT.
    if (fiat)
      body.fiatReceived = values.isCorrected && values.fiatReceived ? values.fiatReceived.trim() : fiat.fiatAmount;
    else if (values.isCorrected && amount && parseAmount(amount) !== parseAmount(deposit.amount)) body.amount = amount;
    if (note) body.note = note;
    mutation.mutate(
      { id: deposit.id, body, idempotencyKey },
      {
        onSuccess: () => {
          message.success(S.confirmed);
          onClose();
        },
        onError: (error) => setAlert(applyServerErrors(form, error, ['amount', 'fiatReceived', 'note'])),
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
        {deposit.bankAccount && (
          <Descriptions.Item label={S.receivingAccount}>
            {deposit.bankAccount.bankName} · {deposit.bankAccount.holderName} · {deposit.bankAccount.cardNumber}
          </Descriptions.Item>
        )}
        {fiat && (
          <>
            <Descriptions.Item label={S.expectedFiat}>
              <Typography.Text strong>{formatMoney(fiat.fiatAmount, fiat.fiatCurrency)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={S.lockedRate}>
              {S.rateText(formatMoney(fiat.fiatRate, fiat.fiatCurrency))}
            </Descriptions.Item>
          </>
        )}
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
        {isCorrected && !fiat && <AmountField name="amount" label={S.creditedAmount} />}
        {isCorrected && fiat && (
          <Form.Item
            name="fiatReceived"
            label={S.fiatReceived(fiat.fiatCurrency)}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  creditOfFiat(fiat, value ?? '') === null
                    ? Promise.reject(new Error(STRINGS.common.amountInvalid))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" suffix={fiat.fiatCurrency} />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={S.note}
          dependencies={['isCorrected', 'amount', 'fiatReceived']}
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
