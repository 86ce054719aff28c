import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { STRINGS } from '../config/strings';

interface ListToolbarProps {
  /** The list's query: the refresh button refetches it and spins while it loads. */
  query: { refetch: () => unknown; isFetching: boolean };
  gap?: number;
  /** The screen's own filters, before the refresh button. */
  children?: ReactNode;
}

/** The row above a list: its filters, then a refresh button. */
export function ListToolbar({ query, gap = 8, children }: ListToolbarProps) {
  return (
    <Flex gap={gap} wrap align="center" style={{ marginBottom: 16 }}>
      {children}
      <Button onClick={() => query.refetch()} loading={query.isFetching}>
        {STRINGS.common.refresh}
      </Button>
    </Flex>
  );
}
