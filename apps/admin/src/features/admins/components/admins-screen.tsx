import { PlusOutlined } from '@ant-design/icons';
import type { AdminProfile, AdminRole } from '@app/contract/admin';
import { App, Button, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { ScreenTitle } from '../../../components/screen-title';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { adminsQueryOptions } from '../api/get-admins';
import { useUpdateAdmin } from '../api/update-admin';
import { CreateAdminModal } from './create-admin-modal';
import { ROLE_OPTIONS } from './role-options';

const S = STRINGS.admins;

/** Owner-only: the back-office accounts. An owner cannot change their own role or status (the server agrees). */
export function AdminsScreen({ currentAdminId }: { currentAdminId: string }) {
  const [isCreating, setIsCreating] = useState(false);
  const list = useList({ all: adminsQueryOptions() });
  const columns = useColumns(currentAdminId);
  return (
    <>
      <ScreenTitle
        title={S.title}
        action={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
            {S.create}
          </Button>
        }
      />
      <ListTable<AdminProfile> list={list} columns={columns} />
      <CreateAdminModal open={isCreating} onClose={() => setIsCreating(false)} />
    </>
  );
}

function useColumns(currentAdminId: string): TableColumnsType<AdminProfile> {
  const { modal, message } = App.useApp();
  const mutation = useUpdateAdmin();
  const C = S.columns;

  const confirmUpdate = (admin: AdminProfile, content: string, changes: { role?: AdminRole; disabled?: boolean }) => {
    modal.confirm({
      title: content,
      okText: STRINGS.common.confirm,
      cancelText: STRINGS.common.cancel,
      okButtonProps: { danger: changes.disabled === true },
      onOk: () =>
        mutation
          .mutateAsync({ id: admin.id, changes })
          .then(() => message.success(S.updated))
          .catch((error: Error) => message.error(error.message)),
    });
  };

  return [
    {
      title: C.username,
      dataIndex: 'username',
      render: (username: string, admin) => (
        <>
          {username} {admin.id === currentAdminId && <Tag>{S.you}</Tag>}
        </>
      ),
    },
    {
      title: C.role,
      dataIndex: 'role',
      render: (role: AdminRole, admin) =>
        admin.id === currentAdminId ? (
          <Tag color={STRINGS.roleColors[role]}>{STRINGS.roles[role]}</Tag>
        ) : (
          <Select<AdminRole>
            aria-label={`${C.role} ${admin.username}`}
            value={role}
            options={ROLE_OPTIONS}
            style={{ width: 130 }}
            onChange={(next) =>
              confirmUpdate(admin, S.confirmRole(admin.username, STRINGS.roles[next]), { role: next })
            }
          />
        ),
    },
    {
      title: C.totp,
      dataIndex: 'totpEnabled',
      render: (isOn: boolean) => (
        <Tag color={isOn ? 'green' : 'default'}>{isOn ? STRINGS.account.totpOn : STRINGS.account.totpOff}</Tag>
      ),
    },
    {
      title: C.status,
      dataIndex: 'disabled',
      render: (isDisabled: boolean) => (
        <Tag color={isDisabled ? 'red' : 'green'}>{isDisabled ? S.disabled : S.active}</Tag>
      ),
    },
    { title: C.createdAt, dataIndex: 'createdAt', render: formatDateTime },
    { title: C.lastLoginAt, dataIndex: 'lastLoginAt', render: formatDateTime },
    {
      title: C.actions,
      key: 'actions',
      render: (_, admin) =>
        admin.id === currentAdminId ? null : admin.disabled ? (
          <Button
            size="small"
            onClick={() => confirmUpdate(admin, S.confirmEnable(admin.username), { disabled: false })}
          >
            {S.enable}
          </Button>
        ) : (
          <Button
            size="small"
            danger
            onClick={() => confirmUpdate(admin, S.confirmDisable(admin.username), { disabled: true })}
          >
            {S.disable}
          </Button>
        ),
    },
  ];
}
