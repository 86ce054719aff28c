import type { AdminKycSubmission } from '@app/contract/kyc';
import { Button, type TableColumnsType, Typography } from 'antd';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { StatusFilter } from '../../../components/status-filter';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { readId, readStatus } from '../../../lib/list-params';
import { KYC_STATUSES, kycSubmissionsQueryOptions, usePendingKycCount } from '../api/get-kyc-submissions';
import { KycReviewDrawer } from './kyc-review-drawer';
import { KycStatusTag } from './kyc-status-tag';

const S = STRINGS.kyc;
const readFilters = (searchParams: URLSearchParams) => ({ status: readStatus(searchParams, KYC_STATUSES, 'pending') });

/** Identity submissions, pending first by default; the open submission lives in the URL. */
export function KycScreen() {
  const list = useList({ filters: readFilters, page: kycSubmissionsQueryOptions });
  const { params, filter, update } = list;
  const openId = readId(list.searchParams, 'open') ?? null;
  const pendingCount = usePendingKycCount();
  const open = (id: string) => update({ open: id });

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <ListToolbar list={list}>
        <StatusFilter
          value={params.status}
          statuses={KYC_STATUSES}
          labels={S.statuses}
          pendingStatus="pending"
          pendingCount={pendingCount}
          onChange={(status) => filter({ status })}
        />
      </ListToolbar>
      <ListTable<AdminKycSubmission> list={list} columns={buildColumns(open)} onRowClick={(row) => open(row.id)} />
      <KycReviewDrawer id={openId} onClose={() => update({ open: undefined })} />
    </>
  );
}

function buildColumns(open: (id: string) => void): TableColumnsType<AdminKycSubmission> {
  const C = S.columns;
  return [
    { title: C.username, dataIndex: 'username' },
    { title: C.realName, dataIndex: 'realName' },
    {
      title: C.idNumber,
      dataIndex: 'idNumber',
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    {
      title: C.status,
      dataIndex: 'status',
      render: (status: AdminKycSubmission['status']) => <KycStatusTag status={status} />,
    },
    { title: C.submittedAt, dataIndex: 'submittedAt', render: formatDateTime },
    { title: C.reviewedAt, dataIndex: 'reviewedAt', render: formatDateTime },
    {
      title: STRINGS.common.actions,
      key: 'actions',
      render: (_, row) => (
        <Button
          size="small"
          type={row.status === 'pending' ? 'primary' : 'default'}
          onClick={(event) => {
            event.stopPropagation();
            open(row.id);
          }}
        >
          {S.review}
        </Button>
      ),
    },
  ];
}
