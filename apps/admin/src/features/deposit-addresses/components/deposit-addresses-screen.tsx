import { Button, Flex, Segmented, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { PAGE_SIZES, readPaging, useUrlState } from '../../../lib/list-params';
import {
  ASSIGNED_FILTERS,
  type DepositAddress,
  useDepositAddresses,
  useFreeAddressCount,
} from '../api/get-deposit-addresses';
import { ImportAddressesModal } from './import-addresses-modal';

const S = STRINGS.depositAddresses;

/** The pool of TRC20 deposit addresses; each user gets one on first asking. */
export function DepositAddressesScreen() {
  const { searchParams, update } = useUrlState();
  const assigned = ASSIGNED_FILTERS.find((value) => value === searchParams.get('assigned'));
  const params = { assigned, ...readPaging(searchParams) };
  const query = useDepositAddresses(params);
  const freeCount = useFreeAddressCount();
  const [isImportOpen, setIsImportOpen] = useState(false);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3}>{S.title}</Typography.Title>
        <Button type="primary" onClick={() => setIsImportOpen(true)}>
          {S.import}
        </Button>
      </Flex>
      <Flex gap={24} wrap align="center" style={{ marginBottom: 16 }}>
        <Statistic
          title={S.free}
          value={freeCount ?? '…'}
          styles={{ content: { color: freeCount === 0 ? '#cf1322' : undefined } }}
        />
        <Segmented
          aria-label={S.columns.username}
          value={assigned ?? 'all'}
          options={[
            { value: 'all', label: STRINGS.common.all },
            { value: 'no', label: S.filter.no },
            { value: 'yes', label: S.filter.yes },
          ]}
          onChange={(value) => update({ assigned: value === 'all' ? undefined : value, page: undefined })}
        />
        <Button onClick={() => query.refetch()} loading={query.isFetching}>
          {STRINGS.common.refresh}
        </Button>
      </Flex>
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<DepositAddress>
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
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
      <ImportAddressesModal open={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </>
  );
}

const COLUMNS: TableColumnsType<DepositAddress> = [
  { title: S.columns.network, dataIndex: 'network', render: (n: string) => <Tag>{n}</Tag> },
  {
    title: S.columns.address,
    dataIndex: 'address',
    render: (a: string) => (
      <Typography.Text code copyable>
        {a}
      </Typography.Text>
    ),
  },
  {
    title: S.columns.username,
    dataIndex: 'username',
    render: (u: string | null) => u ?? <Tag color="green">{S.free}</Tag>,
  },
  { title: S.columns.assignedAt, dataIndex: 'assignedAt', render: formatDateTime },
  { title: S.columns.importedAt, dataIndex: 'importedAt', render: formatDateTime },
];
