import type { AdjustmentRequest } from '@app/contract/ledger';
import { formatAmount, parseAmount } from '@app/contract/money';
import { Alert, App, Button, Descriptions, Form, Radio, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal } from '../../../components/action-modal';
import { AmountField, ReasonField } from '../../../components/form-fields';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { formatMoney, toMinor } from '../../../lib/money';
import { useAdjustBalance } from '../api/adjust-balance';
import { useUserBalances } from '../api/get-user-balances';

const A = STRINGS.users.adjust;

type FormValues = Pick<AdjustmentRequest, 'direction' | 'amount' | 'reason'>;

interface AdjustBalanceModalProps {
  user: { id: string; username: string };
  onClose: () => void;
}

/** Two steps: say what and why, then confirm the effect on the available balance before it is posted. */
export function AdjustBalanceModal({ user, onClose }: AdjustBalanceModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [review, setReview] = useState<FormValues | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useAdjustBalance();

  const post = () => {
    if (!review) return;
    setAlert(null);
    mutation.mutate(
      { request: { userId: user.id, ...review }, idempotencyKey },
      {
        onSuccess: (journal) => {
          message.success(A.done(journal.id));
          onClose();
        },
        onError: (error) => {
          const text = applyServerErrors(form, error, ['direction', 'amount', 'reason']);
          // A field error belongs on the form: go back to it.
          if (text === null) setReview(null);
          setAlert(text);
        },
      },
    );
  };

  const footer = review
    ? [
        <Button key="back" onClick={() => setReview(null)} disabled={mutation.isPending}>
          {A.back}
        </Button>,
        <Button
          key="post"
          type="primary"
          danger={review.direction === 'debit'}
          loading={mutation.isPending}
          onClick={post}
        >
          {A.submit}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {STRINGS.common.cancel}
        </Button>,
        <Button key="next" type="primary" htmlType="submit" form="adjust-balance">
          {A.next}
        </Button>,
      ];

  return (
    <ActionModal
      title={review ? A.confirmTitle : A.title(user.username)}
      footer={footer}
      error={alert}
      onCancel={onClose}
      width={560}
    >
      <div style={{ display: review ? 'none' : undefined }}>
        <Alert type="info" showIcon title={A.hint} style={{ marginBottom: 16 }} />
        <Form
          id="adjust-balance"
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ direction: 'credit' }}
          onFinish={(values) => {
            setAlert(null);
            setReview({ ...values, amount: values.amount.trim(), reason: values.reason.trim() });
          }}
        >
          <Form.Item name="direction" label={A.direction}>
            <Radio.Group
              options={[
                { value: 'credit', label: A.credit },
                { value: 'debit', label: A.debit },
              ]}
            />
          </Form.Item>
          <AmountField name="amount" label={A.amount} />
          <ReasonField label={A.reason} />
        </Form>
      </div>
      {review && <AdjustmentEffect userId={user.id} username={user.username} review={review} />}
    </ActionModal>
  );
}

function AdjustmentEffect({ userId, username, review }: { userId: string; username: string; review: FormValues }) {
  const balances = useUserBalances(userId, { enabled: true });
  const available = balances.data?.find((b) => b.currency === 'USDT')?.available ?? null;
  const availableMinor = available === null ? null : toMinor(available);
  const deltaMinor = parseAmount(review.amount) * (review.direction === 'credit' ? 1n : -1n);
  const afterMinor = availableMinor === null ? null : availableMinor + deltaMinor;
  return (
    <>
      <Typography.Paragraph strong style={{ fontSize: 16 }}>
        {A.effect(review.direction, formatMoney(review.amount), username)}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={A.before}>{formatMoney(available)}</Descriptions.Item>
        <Descriptions.Item label={A.after}>
          <Typography.Text strong type={afterMinor !== null && afterMinor < 0n ? 'danger' : undefined}>
            {afterMinor === null ? STRINGS.common.none : formatMoney(formatAmount(afterMinor))}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={A.reason}>{review.reason}</Descriptions.Item>
      </Descriptions>
      {afterMinor !== null && afterMinor < 0n && <Alert type="warning" showIcon title={A.belowZero} />}
    </>
  );
}
