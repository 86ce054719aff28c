import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { SavingSwitch } from '../../../components/saving-switch';
import { AddButton, ScreenTitle } from '../../../components/screen-title';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { type AdminBank, banksQueryOptions } from '../api/get-banks';
import { useUpdateBank } from '../api/update-bank';
import { BankFormModal } from './bank-form-modal';

const S = STRINGS.banks;

/** The bank list users pick from when binding a card. */
export function BanksScreen() {
  const list = useList({ all: banksQueryOptions(), order: (a, b) => a.sort - b.sort || a.name.localeCompare(b.name) });
  const [editing, setEditing] = useState<AdminBank | 'new' | null>(null);

  return (
    <>
      <ScreenTitle
        title={S.title}
        hint={S.hint}
        action={<AddButton text={S.add} onClick={() => setEditing('new')} />}
      />
      <ListTable<AdminBank> list={list} columns={buildColumns(setEditing)} style={{ maxWidth: 720 }} />
      {editing && <BankFormModal bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function buildColumns(edit: (bank: AdminBank) => void): TableColumnsType<AdminBank> {
  return [
    { title: S.columns.sort, dataIndex: 'sort', align: 'right', width: 80 },
    { title: S.columns.name, dataIndex: 'name' },
    { title: S.columns.currency, dataIndex: 'currency', render: (c: string) => c || STRINGS.common.none },
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
  return (
    <SavingSwitch
      label={`${S.columns.enabled}: ${bank.name}`}
      checked={bank.enabled}
      update={useUpdateBank()}
      changes={(enabled) => ({ id: bank.id, changes: { enabled } })}
      savedText={S.updated}
    />
  );
}
