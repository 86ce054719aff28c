import type { AdminUser } from '@app/contract/admin';
import { App, Button, Descriptions, Divider, Drawer, Flex, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { ReasonModal } from '../../../components/reason-modal';
import { STRINGS } from '../../../config/strings';
import { formatDateTime, isInFuture } from '../../../lib/format';
import { useDisableUser } from '../api/disable-user';
import { useEnableUser } from '../api/enable-user';
import { useUser } from '../api/get-user';
import { useIssueOneTimePassword } from '../api/issue-one-time-password';
import { useUnlockUser } from '../api/unlock-user';
import { AdjustBalanceModal } from './adjust-balance-modal';
import { OneTimePasswordModal } from './one-time-password-modal';
import { UserBalances } from './user-balances';
import { UserPasskeys } from './user-passkeys';
import { UserResponsible } from './user-responsible';
import { UserSessions } from './user-sessions';
import { UserStatusTags } from './user-status-tags';
import { UserTwoFactor } from './user-two-factor';
import { UserWithdrawalDestinations } from './user-withdrawal-destinations';

const S = STRINGS.users;

type Action = 'disable' | 'enable' | 'unlock' | 'oneTimePassword';

export interface UserMoneyAccess {
  canReadBalances: boolean;
  canAdjust: boolean;
  /** Where this user's journals are listed, when the role may read the ledger. */
  journalsPath?: (userId: string) => string;
}

interface UserDetailDrawerProps {
  userId: string | null;
  canManage: boolean;
  money: UserMoneyAccess;
  onClose: () => void;
}

export function UserDetailDrawer({ userId, canManage, money, onClose }: UserDetailDrawerProps) {
  const query = useUser(userId);
  const user = query.data;
  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      title={user ? S.detailTitle(user.username) : STRINGS.common.loading}
      size="min(560px, 100vw)"
    >
      {query.isPending && <Skeleton active />}
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      {user && <UserDetail user={user} />}
      {user && <UserTwoFactor user={user} canManage={canManage} />}
      {user && <UserPasskeys user={user} />}
      {user && <UserWithdrawalDestinations userId={user.id} />}
      {user && money.canReadBalances && <UserMoney user={user} money={money} />}
      {user && canManage && <UserActions user={user} />}
      {user && <UserSessions user={user} canManage={canManage} />}
      {user && <UserResponsible user={user} />}
    </Drawer>
  );
}

function UserDetail({ user }: { user: AdminUser }) {
  const F = S.fields;
  const C = S.columns;
  const yesNo = (value: boolean) => (value ? STRINGS.common.yes : STRINGS.common.no);
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={F.id}>{user.id}</Descriptions.Item>
      <Descriptions.Item label={C.username}>{user.username}</Descriptions.Item>
      <Descriptions.Item label={C.phone}>{user.phone}</Descriptions.Item>
      <Descriptions.Item label={C.inviteCode}>{user.inviteCode}</Descriptions.Item>
      <Descriptions.Item label={F.invitedBy}>{user.invitedBy ?? STRINGS.common.none}</Descriptions.Item>
      <Descriptions.Item label={C.level}>{user.level}</Descriptions.Item>
      <Descriptions.Item label={C.kyc}>
        <Tag>{user.kycStatus}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={C.status}>
        <UserStatusTags user={user} />
      </Descriptions.Item>
      <Descriptions.Item label={F.lockedUntil}>{formatDateTime(user.lockedUntil)}</Descriptions.Item>
      <Descriptions.Item label={F.payPassword}>{yesNo(user.hasPayPassword)}</Descriptions.Item>
      <Descriptions.Item label={F.mustChangePassword}>{yesNo(user.mustChangePassword)}</Descriptions.Item>
      <Descriptions.Item label={C.registeredAt}>{formatDateTime(user.registeredAt)}</Descriptions.Item>
      <Descriptions.Item label={C.lastLoginAt}>{formatDateTime(user.lastLoginAt)}</Descriptions.Item>
      <Descriptions.Item label={F.lastLoginIp}>{user.lastLoginIp ?? STRINGS.common.none}</Descriptions.Item>
    </Descriptions>
  );
}

function UserMoney({ user, money }: { user: AdminUser; money: UserMoneyAccess }) {
  const [isAdjustOpen, setIsAdjustOpen] = useState(false);
  return (
    <>
      <Divider titlePlacement="start">{S.balances.title}</Divider>
      <UserBalances userId={user.id} />
      <Flex gap={8} wrap align="center">
        {money.canAdjust && <Button onClick={() => setIsAdjustOpen(true)}>{S.adjust.open}</Button>}
        {money.journalsPath && <Link to={money.journalsPath(user.id)}>{S.balances.ledgerLink}</Link>}
      </Flex>
      {isAdjustOpen && <AdjustBalanceModal user={user} onClose={() => setIsAdjustOpen(false)} />}
    </>
  );
}

function UserActions({ user }: { user: AdminUser }) {
  const [action, setAction] = useState<Action | null>(null);
  const [password, setPassword] = useState<string | null>(null);
  const { message } = App.useApp();
  const disableUser = useDisableUser();
  const enableUser = useEnableUser();
  const unlockUser = useUnlockUser();
  const issuePassword = useIssueOneTimePassword();

  const run = async (reason: string) => {
    const input = { id: user.id, reason };
    if (action === 'oneTimePassword') {
      const result = await issuePassword.mutateAsync(input);
      setAction(null);
      setPassword(result.password);
      return;
    }
    if (action === 'disable') await disableUser.mutateAsync(input);
    if (action === 'enable') await enableUser.mutateAsync(input);
    if (action === 'unlock') await unlockUser.mutateAsync(input);
    if (action) message.success(S.done[action]);
    setAction(null);
  };

  return (
    <>
      <Divider titlePlacement="start">{S.actions.title}</Divider>
      <Flex gap={8} wrap>
        {user.status === 'active' ? (
          <Button danger onClick={() => setAction('disable')}>
            {S.actions.disable}
          </Button>
        ) : (
          <Button onClick={() => setAction('enable')}>{S.actions.enable}</Button>
        )}
        {isInFuture(user.lockedUntil) && <Button onClick={() => setAction('unlock')}>{S.actions.unlock}</Button>}
        <Button onClick={() => setAction('oneTimePassword')}>{S.actions.oneTimePassword}</Button>
      </Flex>
      <ReasonModal
        open={action !== null}
        title={action ? S.actions[action] : ''}
        description={action ? S.confirm[action](user.username) : ''}
        okText={action ? S.actions[action] : STRINGS.common.confirm}
        isDanger={action === 'disable' || action === 'oneTimePassword'}
        onCancel={() => setAction(null)}
        onSubmit={run}
      />
      <OneTimePasswordModal password={password} onClose={() => setPassword(null)} />
    </>
  );
}
