import { Tag } from 'antd';
import { STRINGS } from '../../../config/strings';
import type { KycReviewStatus } from '../api/get-kyc-submissions';

const COLORS: Record<KycReviewStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

export function KycStatusTag({ status }: { status: KycReviewStatus }) {
  return <Tag color={COLORS[status]}>{STRINGS.kyc.statuses[status]}</Tag>;
}
