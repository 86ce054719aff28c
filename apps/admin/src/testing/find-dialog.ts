import { screen } from '@testing-library/react';

// antd's ids are all "test-id" under test, so a dialog's accessible name is unreliable: find it by its title.
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}
