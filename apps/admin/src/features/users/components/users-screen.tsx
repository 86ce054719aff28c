import type { AdminUser } from '@app/contract/admin';
import { Button, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { type UserListParams, usersQueryOptions } from '../api/get-users';
import { UserDetailDrawer, type UserMoneyAccess } from './user-detail-drawer';
import { UserStatusTags } from './user-status-tags';

const S = STRINGS.users;

/** The users list; its search, page and open user live in the URL so an operator can share a link. */
export function UsersScreen({ canManage, money }: { canManage: boolean; money: UserMoneyAccess }) {
  const list = useList({ filters: readFilters, page: usersQueryOptions });
  const { params, filter, update } = list;
  const openUserId = list.searchParams.get('user');
  const openUser = (id: string) => update({ user: id });

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <ListToolbar list={list}>
        <Input.Search
          key={params.q ?? ''}
          defaultValue={params.q}
          placeholder={S.searchPlaceholder}
          aria-label={S.searchPlaceholder}
          allowClear
          enterButton={STRINGS.common.search}
          onSearch={(value) => filter({ q: value.trim() })}
          style={{ width: 360, maxWidth: '100%' }}
        />
        <Select
          aria-label={S.status}
          value={params.status ?? ''}
          onChange={(value) => filter({ status: value })}
          style={{ width: 140 }}
          options={[
            { value: '', label: `${S.status}: ${STRINGS.common.all}` },
            { value: 'active', label: S.statuses.active },
            { value: 'disabled', label: S.statuses.disabled },
          ]}
        />
      </ListToolbar>
      <ListTable<AdminUser> list={list} columns={buildColumns(openUser)} onRowClick={(user) => openUser(user.id)} />
      <UserDetailDrawer
        userId={openUserId}
        canManage={canManage}
        money={money}
        onClose={() => update({ user: undefined })}
      />
    </>
  );
}

function buildColumns(openUser: (id: string) => void): TableColumnsType<AdminUser> {
  const C = S.columns;
  return [
    {
      title: C.username,
      dataIndex: 'username',
      render: (username: string, user) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={(event) => {
            event.stopPropagation();
            openUser(user.id);
          }}
        >
          {username}
        </Button>
      ),
    },
    { title: C.phone, dataIndex: 'phone' },
    { title: C.inviteCode, dataIndex: 'inviteCode' },
    { title: C.level, dataIndex: 'level', align: 'right' },
    { title: C.kyc, dataIndex: 'kycStatus', render: (kyc: string) => <Tag>{kyc}</Tag> },
    { title: C.status, key: 'status', render: (_, user) => <UserStatusTags user={user} /> },
    { title: C.registeredAt, dataIndex: 'registeredAt', render: formatDateTime },
    { title: C.lastLoginAt, dataIndex: 'lastLoginAt', render: formatDateTime },
  ];
}

function readFilters(searchParams: URLSearchParams): Pick<UserListParams, 'q' | 'status'> {
  const status = searchParams.get('status');
  return {
    q: searchParams.get('q') || undefined,
    status: status === 'active' || status === 'disabled' ? status : undefined,
  };
}
