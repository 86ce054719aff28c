import { Button, Flex, Segmented, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { usePagedQueryParams } from '../../../lib/list-params';
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
  const { searchParams, paging, setPage, filter } = usePagedQueryParams();
  const assigned = ASSIGNED_FILTERS.find((value) => value === searchParams.get('assigned'));
  const params = { assigned, ...paging };
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
      <ListToolbar query={query} gap={24}>
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
          onChange={(value) => filter({ assigned: value === 'all' ? undefined : value })}
        />
      </ListToolbar>
      <PagedTable<DepositAddress> query={query} paging={paging} onPageChange={setPage} columns={COLUMNS} />
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
