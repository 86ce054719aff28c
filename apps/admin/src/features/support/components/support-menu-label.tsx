import { Badge, Flex } from 'antd';
import { STRINGS } from '../../../config/strings';
import { useUnreadTotal } from '../api/get-unread';
import { useSupportLive } from '../hooks/use-support-live';

/** The menu entry with the count of user messages no operator has read, kept live. */
export function SupportMenuLabel({ label }: { label: string }) {
  useSupportLive();
  const unread = useUnreadTotal();
  return (
    <Flex align="center" justify="space-between" gap={8}>
      <span>{label}</span>
      {unread > 0 && (
        <Badge count={unread} overflowCount={99} size="small" title={STRINGS.support.unreadCount(unread)} />
      )}
    </Flex>
  );
}
