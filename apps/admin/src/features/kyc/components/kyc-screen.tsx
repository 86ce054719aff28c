import type { AdminKycSubmission } from '@app/contract/kyc';
import { Button, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { StatusFilter } from '../../../components/status-filter';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { PAGE_SIZES, readId, readPaging, readStatus, useUrlState } from '../../../lib/list-params';
import { KYC_STATUSES, useKycSubmissions, usePendingKycCount } from '../api/get-kyc-submissions';
import { KycReviewDrawer } from './kyc-review-drawer';
import { KycStatusTag } from './kyc-status-tag';

const S = STRINGS.kyc;

/** Identity submissions, pending first by default; the open submission lives in the URL. */
export function KycScreen() {
  const { searchParams, update } = useUrlState();
  const params = { status: readStatus(searchParams, KYC_STATUSES, 'pending'), ...readPaging(searchParams) };
  const openId = readId(searchParams, 'open') ?? null;
  const query = useKycSubmissions(params);
  const pendingCount = usePendingKycCount();
  const open = (id: string) => update({ open: id });

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <StatusFilter
          value={params.status}
          statuses={KYC_STATUSES}
          labels={S.statuses}
          pendingStatus="pending"
          pendingCount={pendingCount}
          onChange={(status) => update({ status, page: undefined })}
        />
        <Button onClick={() => query.refetch()} loading={query.isFetching}>
          {STRINGS.common.refresh}
        </Button>
      </Flex>
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<AdminKycSubmission>
        rowKey="id"
        size="middle"
        columns={buildColumns(open)}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => open(row.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: STRINGS.common.total,
          onChange: (page, pageSize) => update({ page, pageSize }),
        }}
      />
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
