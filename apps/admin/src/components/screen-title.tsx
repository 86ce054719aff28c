import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The primary button of a list screen that starts a new entry. */
export function AddButton({ text, onClick }: { text: string; onClick: () => void }) {
  return (
    <Button type="primary" onClick={onClick}>
      {text}
    </Button>
  );
}

/** A screen's title with its main action beside it, and what the screen is for under them. */
export function ScreenTitle({ title, action, hint }: { title: string; action: ReactNode; hint?: string }) {
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3}>{title}</Typography.Title>
        {action}
      </Flex>
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
    </>
  );
}
