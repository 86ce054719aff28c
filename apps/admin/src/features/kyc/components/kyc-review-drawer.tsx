import type { AdminKycSubmission } from '@app/contract/kyc';
import { App, Button, Col, Descriptions, Drawer, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { BlobImage } from '../../../components/blob-image';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryError } from '../../../components/query-error';
import { ReasonModal } from '../../../components/reason-modal';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { useApproveKycSubmission } from '../api/approve-kyc-submission';
import { type KycImageSide, useKycImage } from '../api/get-kyc-image';
import { useKycSubmission } from '../api/get-kyc-submission';
import { useRejectKycSubmission } from '../api/reject-kyc-submission';
import { KycStatusTag } from './kyc-status-tag';

const S = STRINGS.kyc;

export function KycReviewDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useKycSubmission(id);
  const submission = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={submission ? S.detailTitle(submission.username) : STRINGS.common.loading}
      size="min(820px, 100vw)"
      destroyOnHidden
    >
      {query.isPending && <Skeleton active />}
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      {submission && (
        <Flex vertical gap={16}>
          <SubmissionDetail submission={submission} />
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <IdImage id={submission.id} side="front" label={S.front} />
            </Col>
            <Col xs={24} md={12}>
              <IdImage id={submission.id} side="back" label={S.back} />
            </Col>
          </Row>
          {submission.status === 'pending' && <ReviewActions submission={submission} onDone={onClose} />}
        </Flex>
      )}
    </Drawer>
  );
}

function SubmissionDetail({ submission }: { submission: AdminKycSubmission }) {
  const C = S.columns;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label={C.username}>{submission.username}</Descriptions.Item>
      <Descriptions.Item label={C.status}>
        <KycStatusTag status={submission.status} />
      </Descriptions.Item>
      <Descriptions.Item label={C.realName}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {submission.realName}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={C.idNumber}>
        <Typography.Text code copyable style={{ fontSize: 16 }}>
          {submission.idNumber}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={C.submittedAt}>{formatDateTime(submission.submittedAt)}</Descriptions.Item>
      <Descriptions.Item label={C.reviewedAt}>{formatDateTime(submission.reviewedAt)}</Descriptions.Item>
      {submission.reviewedBy && <Descriptions.Item label={C.reviewedBy}>{submission.reviewedBy}</Descriptions.Item>}
      {submission.rejectReason && (
        <Descriptions.Item label={S.rejectReason} span="filled">
          {submission.rejectReason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

function IdImage({ id, side, label }: { id: string; side: KycImageSide; label: string }) {
  const query = useKycImage(id, side);
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{label}</Typography.Text>
      <BlobImage query={query} alt={label} />
    </Flex>
  );
}

function ReviewActions({ submission, onDone }: { submission: AdminKycSubmission; onDone: () => void }) {
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const { message } = App.useApp();
  const approve = useApproveKycSubmission();
  const reject = useRejectKycSubmission();

  return (
    <>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={() => setAction('approve')}>
          {S.approve}
        </Button>
        <Button danger onClick={() => setAction('reject')}>
          {S.reject}
        </Button>
      </Flex>
      <ConfirmModal
        open={action === 'approve'}
        title={S.approve}
        okText={S.approve}
        onCancel={() => setAction(null)}
        onConfirm={async () => {
          await approve.mutateAsync({ id: submission.id });
          message.success(S.approved);
          setAction(null);
          onDone();
        }}
      >
        <Typography.Paragraph>
          {S.confirmApprove(`${submission.realName} (${submission.username})`)}
        </Typography.Paragraph>
      </ConfirmModal>
      <ReasonModal
        open={action === 'reject'}
        title={S.rejectTitle}
        description={S.rejectText(submission.username)}
        okText={S.reject}
        isDanger
        onCancel={() => setAction(null)}
        onSubmit={async (reason) => {
          await reject.mutateAsync({ id: submission.id, reason });
          message.success(S.rejected);
          setAction(null);
          onDone();
        }}
      />
    </>
  );
}
