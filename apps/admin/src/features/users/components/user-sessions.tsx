import type { AdminUser } from '@app/contract/admin';
import type { AdminUserSession, Device, LoginAttempt } from '@app/contract/sessions';
import { App, Button, Divider, Table, Tag } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { ReasonModal } from '../../../components/reason-modal';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUserLoginHistory, useUserSessions } from '../api/get-user-sessions';

const S = STRINGS.users.sessions;

function deviceText(device: Device): string {
  const parts = [device.browser, device.os].filter(Boolean);
  return `${S.deviceTypes[device.type]}${parts.length ? ` · ${parts.join(' · ')}` : ''}`;
}

/** The user's signed-in devices and 90 days of sign-ins, read-only; "end all sessions" for those who may act. */
export function UserSessions({ user, canManage }: { user: AdminUser; canManage: boolean }) {
  const sessions = useUserSessions(user.id);
  const history = useUserLoginHistory(user.id);
  const [isEnding, setIsEnding] = useState(false);
  const endSessions = useEndUserSessions();
  const { message } = App.useApp();
  return (
    <>
      <Divider titlePlacement="start">{S.title}</Divider>
      {sessions.isError ? (
        <QueryError error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <Table<AdminUserSession>
          size="small"
          rowKey="id"
          loading={sessions.isPending}
          dataSource={sessions.data ?? []}
          pagination={false}
          locale={{ emptyText: S.none }}
          columns={[
            { title: S.device, render: (_, row) => deviceText(row.device) },
            { title: S.ip, dataIndex: 'ip', render: (ip: string | null) => ip ?? STRINGS.common.none },
            { title: S.firstSeen, dataIndex: 'createdAt', render: formatDateTime },
            { title: S.lastSeen, dataIndex: 'lastSeenAt', render: formatDateTime },
          ]}
        />
      )}
      {canManage && (sessions.data?.length ?? 0) > 0 && (
        <Button danger style={{ marginTop: 8 }} onClick={() => setIsEnding(true)}>
          {S.endAll}
        </Button>
      )}
      <Divider titlePlacement="start">{S.historyTitle}</Divider>
      {history.isError ? (
        <QueryError error={history.error} onRetry={() => history.refetch()} />
      ) : (
        <Table<LoginAttempt>
          size="small"
          rowKey="id"
          loading={history.isPending}
          dataSource={history.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: S.historyNone }}
          columns={[
            { title: S.time, dataIndex: 'at', render: formatDateTime },
            {
              title: S.outcome,
              dataIndex: 'outcome',
              render: (outcome: LoginAttempt['outcome']) => (
                <Tag color={outcome === 'success' ? 'green' : 'red'}>{S.outcomes[outcome]}</Tag>
              ),
            },
            { title: S.device, render: (_, row) => deviceText(row.device) },
            { title: S.ip, dataIndex: 'ip', render: (ip: string | null) => ip ?? STRINGS.common.none },
          ]}
        />
      )}
      <ReasonModal
        open={isEnding}
        title={S.endAll}
        description={S.endAllConfirm(user.username)}
        okText={S.endAll}
        isDanger
        onCancel={() => setIsEnding(false)}
        onSubmit={async (reason) => {
          const { ended } = await endSessions.mutateAsync({ id: user.id, reason });
          message.success(S.ended(ended));
          setIsEnding(false);
        }}
      />
    </>
  );
}
