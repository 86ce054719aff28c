import type { AdminUser } from '@app/contract/admin';
import { LIMIT_LABELS, type LimitView } from '@app/contract/responsible-trading';
import { Alert, Descriptions, Divider, Skeleton } from 'antd';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useUserResponsible } from '../api/get-user-responsible';

const KIND = { cool_off: 'Cool-off', self_exclusion: 'Self-exclusion' } as const;

function valueText(limit: LimitView, value: string | null): string {
  if (value === null) return 'none';
  return limit.name === 'sessionMinutes' ? `${value} min` : formatMoney(value);
}

/**
 * The user's own limits, reality check and exclusion (issue 14), read-only: nobody lifts an exclusion
 * or loosens a limit for a user, operators included; the server has no route for it.
 */
export function UserResponsible({ user }: { user: AdminUser }) {
  const state = useUserResponsible(user.id);
  return (
    <>
      <Divider titlePlacement="start">Responsible trading (set by the user, read-only)</Divider>
      {state.isPending && <Skeleton active />}
      {state.isError && <QueryError error={state.error} onRetry={() => state.refetch()} />}
      {state.data && (
        <>
          {state.data.exclusion ? (
            <Alert
              type="warning"
              showIcon
              title={`${KIND[state.data.exclusion.kind]} until ${formatDateTime(state.data.exclusion.until)}`}
              description={`Since ${formatDateTime(state.data.exclusion.since)}. No trading and no deposits; withdrawals stay possible. It cannot be lifted early.`}
            />
          ) : (
            <p>No cool-off or self-exclusion in force.</p>
          )}
          <Descriptions column={1} size="small" bordered style={{ marginTop: 12 }}>
            {state.data.limits.map((limit) => (
              <Descriptions.Item key={limit.name} label={LIMIT_LABELS[limit.name].en}>
                {valueText(limit, limit.value)}
                {limit.pending &&
                  ` → ${valueText(limit, limit.pending.value)} from ${formatDateTime(limit.pending.effectiveAt)}`}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="Reality check">
              {state.data.realityCheckMinutes === null ? 'off' : `every ${state.data.realityCheckMinutes} min`}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </>
  );
}
