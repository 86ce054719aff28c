import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { STRINGS } from '../config/strings';
import type { ListView } from '../hooks/use-list';

interface ListToolbarProps {
  /** The refresh button loads the list again and spins while it loads. */
  list: Pick<ListView<unknown>, 'refetch' | 'isFetching'>;
  gap?: number;
  /** The screen's own filters, before the refresh button. */
  children?: ReactNode;
}

/** The row above a list: its filters, then a refresh button. */
export function ListToolbar({ list, gap = 8, children }: ListToolbarProps) {
  return (
    <Flex gap={gap} wrap align="center" style={{ marginBottom: 16 }}>
      {children}
      <Button onClick={() => list.refetch()} loading={list.isFetching}>
        {STRINGS.common.refresh}
      </Button>
    </Flex>
  );
}
