import type { AdminUser } from '@app/contract/admin';
import { Button, Flex, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { type UserListParams, useUsers } from '../api/get-users';
import { UserDetailDrawer, type UserMoneyAccess } from './user-detail-drawer';
import { UserStatusTags } from './user-status-tags';

const S = STRINGS.users;
const PAGE_SIZES = [20, 50, 100];

/** The users list; its search, page and open user live in the URL so an operator can share a link. */
export function UsersScreen({ canManage, money }: { canManage: boolean; money: UserMoneyAccess }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const openUserId = searchParams.get('user');
  const query = useUsers(params);

  const update = (changes: Record<string, string | number | undefined>) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  };

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={params.q ?? ''}
          defaultValue={params.q}
          placeholder={S.searchPlaceholder}
          aria-label={S.searchPlaceholder}
          allowClear
          enterButton={STRINGS.common.search}
          onSearch={(value) => update({ q: value.trim(), page: undefined })}
          style={{ width: 360, maxWidth: '100%' }}
        />
        <Select
          aria-label={S.status}
          value={params.status ?? ''}
          onChange={(value) => update({ status: value, page: undefined })}
          style={{ width: 140 }}
          options={[
            { value: '', label: `${S.status}: ${STRINGS.common.all}` },
            { value: 'active', label: S.statuses.active },
            { value: 'disabled', label: S.statuses.disabled },
          ]}
        />
        <Button onClick={() => query.refetch()} loading={query.isFetching}>
          {STRINGS.common.refresh}
        </Button>
      </Flex>
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        columns={buildColumns((id) => update({ user: id }))}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(user) => ({ onClick: () => update({ user: user.id }), style: { cursor: 'pointer' } })}
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

function readParams(searchParams: URLSearchParams): UserListParams {
  const status = searchParams.get('status');
  return {
    q: searchParams.get('q') || undefined,
    status: status === 'active' || status === 'disabled' ? status : undefined,
    page: readPositiveInt(searchParams.get('page'), 1, Number.MAX_SAFE_INTEGER),
    pageSize: readPositiveInt(searchParams.get('pageSize'), PAGE_SIZES[0]!, 100),
  };
}

function readPositiveInt(text: string | null, fallback: number, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}
