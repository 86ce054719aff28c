import { App, Button, Flex, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { type AdminBank, useBanks } from '../api/get-banks';
import { useUpdateBank } from '../api/update-bank';
import { BankFormModal } from './bank-form-modal';

const S = STRINGS.banks;

/** The bank list users pick from when binding a card. */
export function BanksScreen() {
  const query = useBanks();
  const [editing, setEditing] = useState<AdminBank | 'new' | null>(null);
  const banks = [...(query.data ?? [])].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3}>{S.title}</Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          {S.add}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{S.hint}</Typography.Paragraph>
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<AdminBank>
        rowKey="id"
        size="middle"
        columns={buildColumns(setEditing)}
        dataSource={banks}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        style={{ maxWidth: 720 }}
      />
      {editing && <BankFormModal bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function buildColumns(edit: (bank: AdminBank) => void): TableColumnsType<AdminBank> {
  return [
    { title: S.columns.sort, dataIndex: 'sort', align: 'right', width: 80 },
    { title: S.columns.name, dataIndex: 'name' },
    { title: S.columns.enabled, key: 'enabled', render: (_, bank) => <EnabledSwitch bank={bank} /> },
    {
      title: STRINGS.common.actions,
      key: 'actions',
      render: (_, bank) => (
        <Button size="small" onClick={() => edit(bank)}>
          {STRINGS.common.edit}
        </Button>
      ),
    },
  ];
}

function EnabledSwitch({ bank }: { bank: AdminBank }) {
  const { message } = App.useApp();
  const update = useUpdateBank();
  return (
    <Switch
      aria-label={`${S.columns.enabled}: ${bank.name}`}
      checked={bank.enabled}
      loading={update.isPending}
      onChange={(enabled) =>
        update.mutate(
          { id: bank.id, changes: { enabled } },
          { onSuccess: () => message.success(S.updated), onError: (error) => message.error(error.message) },
        )
      }
    />
  );
}
