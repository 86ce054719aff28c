import type { AdminWithdrawal } from '@app/contract/wallet';
import { Alert, App, Descriptions, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal } from '../../../components/action-modal';
import { STRINGS } from '../../../config/strings';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { formatMoney } from '../../../lib/money';
import { useApproveWithdrawal } from '../api/approve-withdrawal';
import { DestinationDetail } from './destination-detail';
import type { ApproveStep } from './withdrawal-state';

const S = STRINGS.withdrawals;
const REFERENCE_LENGTH_MAX = 128;

interface ApproveWithdrawalModalProps {
  withdrawal: AdminWithdrawal;
  step: ApproveStep;
  isOwnFirstApproval: boolean;
  onClose: () => void;
}

export function ApproveWithdrawalModal({ withdrawal, step, isOwnFirstApproval, onClose }: ApproveWithdrawalModalProps) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [payoutReference, setPayoutReference] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useApproveWithdrawal();
  const okText = step === 'first' ? S.firstApproval : S.approveAndPay;

  const approve = () => {
    setAlert(null);
    mutation.mutate(
      { id: withdrawal.id, payoutReference: payoutReference.trim() || undefined, idempotencyKey },
      {
        onSuccess: () => {
          message.success(step === 'first' ? S.firstApproved : S.paid);
          onClose();
        },
        onError: (error) => setAlert(error.message),
      },
    );
  };

  return (
    <ActionModal
      title={`${okText} · #${withdrawal.id}`}
      okText={okText}
      isSubmitting={mutation.isPending}
      error={alert}
      onOk={approve}
      onCancel={onClose}
      width={640}
    >
      {isOwnFirstApproval && <Alert type="warning" showIcon title={S.ownFirstApproval} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph>{step === 'first' ? S.firstApprovalText : S.payText}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={S.columns.username}>
          {withdrawal.username} (#{withdrawal.userId})
        </Descriptions.Item>
        <Descriptions.Item label={S.columns.amount}>{formatMoney(withdrawal.amount)}</Descriptions.Item>
        <Descriptions.Item label={S.columns.fee}>{formatMoney(withdrawal.fee)}</Descriptions.Item>
        <Descriptions.Item label={S.columns.netAmount}>
          <Typography.Text strong copyable={{ text: withdrawal.netAmount }} style={{ fontSize: 18 }}>
            {formatMoney(withdrawal.netAmount)}
          </Typography.Text>
        </Descriptions.Item>
        {withdrawal.fiatCurrency && withdrawal.fiatAmount && withdrawal.fiatRate && (
          <Descriptions.Item label={S.fiatToSend(withdrawal.fiatCurrency)}>
            <Typography.Text strong copyable={{ text: withdrawal.fiatAmount }} style={{ fontSize: 18 }}>
              {formatMoney(withdrawal.fiatAmount, withdrawal.fiatCurrency)}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {S.fiatRateLocked(formatMoney(withdrawal.fiatRate, withdrawal.fiatCurrency))}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5}>{S.columns.destination}</Typography.Title>
      <DestinationDetail withdrawal={withdrawal} />
      {step === 'pay' && (
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item label={S.payoutReference} htmlFor="payout-reference">
            <Input
              id="payout-reference"
              value={payoutReference}
              onChange={(event) => setPayoutReference(event.target.value)}
              maxLength={REFERENCE_LENGTH_MAX}
              placeholder={S.payoutReferencePlaceholder}
              autoComplete="off"
            />
          </Form.Item>
        </Form>
      )}
    </ActionModal>
  );
}
