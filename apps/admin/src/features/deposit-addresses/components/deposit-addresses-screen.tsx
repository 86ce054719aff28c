import { Button, Segmented, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { ScreenTitle } from '../../../components/screen-title';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import {
  ASSIGNED_FILTERS,
  type DepositAddress,
  depositAddressesQueryOptions,
  useFreeAddressCount,
} from '../api/get-deposit-addresses';
import { ImportAddressesModal } from './import-addresses-modal';

const S = STRINGS.depositAddresses;
const readFilters = (searchParams: URLSearchParams) => ({
  assigned: ASSIGNED_FILTERS.find((value) => value === searchParams.get('assigned')),
});

/** The pool of TRC20 deposit addresses; each user gets one on first asking. */
export function DepositAddressesScreen() {
  const list = useList({ filters: readFilters, page: depositAddressesQueryOptions });
  const { assigned } = list.params;
  const freeCount = useFreeAddressCount();
  const [isImportOpen, setIsImportOpen] = useState(false);

  return (
    <>
      <ScreenTitle
        title={S.title}
        action={
          <Button type="primary" onClick={() => setIsImportOpen(true)}>
            {S.import}
          </Button>
        }
      />
      <ListToolbar list={list} gap={24}>
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
          onChange={(value) => list.filter({ assigned: value === 'all' ? undefined : value })}
        />
      </ListToolbar>
      <ListTable<DepositAddress> list={list} columns={COLUMNS} />
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
