import { Badge, Flex, Segmented } from 'antd';
import { STRINGS } from '../config/strings';

interface StatusFilterProps<S extends string> {
  value: S | undefined;
  statuses: readonly S[];
  labels: Record<S, string>;
  /** How many wait in the pending state; shown on that option so the queue's size is always visible. */
  pendingCount?: number;
  pendingStatus?: S;
  onChange: (status: S | 'all') => void;
}

/** The status switch above a queue; "All" clears the filter. */
export function StatusFilter<S extends string>(props: StatusFilterProps<S>) {
  const options = [
    ...props.statuses.map((status) => ({
      value: status as string,
      label:
        status === props.pendingStatus && props.pendingCount !== undefined ? (
          <Flex align="center" gap={6}>
            {props.labels[status]}
            <Badge
              count={props.pendingCount}
              showZero
              overflowCount={999}
              color={props.pendingCount ? 'orange' : 'gray'}
            />
          </Flex>
        ) : (
          props.labels[status]
        ),
    })),
    { value: 'all', label: STRINGS.common.all },
  ];
  // On a phone the options may not fit: the switch scrolls sideways instead of widening the page.
  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Segmented
        aria-label={STRINGS.common.status}
        value={props.value ?? 'all'}
        options={options}
        onChange={(value) => props.onChange(value as S | 'all')}
      />
    </div>
  );
}
