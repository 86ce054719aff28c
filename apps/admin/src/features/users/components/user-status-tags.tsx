import type { AdminUser } from '@app/contract/admin';
import { Space, Tag } from 'antd';
import { STRINGS } from '../../../config/strings';
import { isInFuture } from '../../../lib/format';

export function UserStatusTags({ user }: { user: AdminUser }) {
  return (
    <Space size={4} wrap>
      <Tag color={user.status === 'active' ? 'green' : 'red'}>{STRINGS.users.statuses[user.status]}</Tag>
      {isInFuture(user.lockedUntil) && <Tag color="orange">{STRINGS.users.locked}</Tag>}
    </Space>
  );
}
