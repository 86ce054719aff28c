import type { AdminUser } from '@app/contract/admin';
import { Descriptions } from 'antd';
import { useUserPasskeys } from '../api/get-user-passkeys';

// Kept here rather than in config/strings.ts: one line, read only (issue 14).
const LABEL = 'Passkeys';

/** The user drawer's passkeys line (issue 14): how many the user registered, read only. */
export function UserPasskeys({ user }: { user: AdminUser }) {
  const passkeys = useUserPasskeys(user.id);
  return (
    <Descriptions column={1} size="small" bordered style={{ marginTop: 12 }}>
      <Descriptions.Item label={LABEL}>
        <span data-testid="user-passkeys">{passkeys.data ? passkeys.data.count : '—'}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
