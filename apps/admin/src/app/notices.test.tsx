import type { AdminProfile } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminNotice } from '@app/contract/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminProfile } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const notice = (overrides: Partial<AdminNotice> = {}): AdminNotice => ({
  id: '5',
  title: { en: 'Maintenance', vn: 'Bảo trì', zn: '' },
  body: { en: 'Sunday 02:00.', vn: 'Chủ nhật 02:00.', zn: '' },
  published: false,
  publishedAt: null,
  pinned: false,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  createdBy: '1',
  updatedBy: '1',
  ...overrides,
});

function mockNoticesApi(handlers: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('content')),
    'GET /api/admin/notices': () => ok<Page<AdminNotice>>({ list: [notice()], total: 1, page: 1, pageSize: 20 }),
    ...handlers,
  });
}

/** One change event per field: typing key by key re-renders the whole antd form each time. */
const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });

describe('announcements', { timeout: 90_000 }, () => {
  test('lists each notice with its languages and publishes one from the list', async () => {
    const api = mockNoticesApi({ 'PATCH /api/admin/notices/5': () => ok<AdminNotice>(notice({ published: true })) });
    const user = userEvent.setup();
    renderApp('/notices');
    const row = (await screen.findByText('Maintenance', {}, { timeout: 20_000 })).closest('tr')!;
    expect(within(row).getByText('EN · VN')).toBeTruthy();
    await user.click(within(row).getByRole('switch', { name: 'Published: Maintenance' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ published: true });
  });

  test('writes a new notice in three languages with the tabs and sends all of them', async () => {
    const api = mockNoticesApi({ 'POST /api/admin/notices': () => ok<AdminNotice>(notice({ id: '6' })) });
    const user = userEvent.setup();
    renderApp('/notices');
    await user.click(await screen.findByRole('button', { name: 'New announcement' }, { timeout: 20_000 }));
    const drawer = await findDialog('New announcement');
    fill(within(drawer).getByLabelText('Title (en)'), 'Welcome');
    fill(within(drawer).getByLabelText('Text (en)'), 'Hello.\n\nRead the help centre.');
    await user.click(within(drawer).getByRole('tab', { name: /繁體中文/ }));
    fill(within(drawer).getByLabelText('Title (zn)'), '歡迎');
    fill(within(drawer).getByLabelText('Text (zn)'), '您好。');
    await user.click(within(drawer).getByRole('switch', { name: 'Pinned to the top' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: { en: 'Welcome', vn: '', zn: '歡迎' },
      body: { en: 'Hello.\n\nRead the help centre.', vn: '', zn: '您好。' },
      pinned: true,
      published: false,
    });
  });

  test("shows the server's field message on the tab of the language it names", async () => {
    mockNoticesApi({
      'POST /api/admin/notices': () =>
        fail(400, 1001, 'Please check the highlighted fields', {
          fields: { 'body.vn': 'This title needs its text in the same language' },
        }),
    });
    const user = userEvent.setup();
    renderApp('/notices');
    await user.click(await screen.findByRole('button', { name: 'New announcement' }, { timeout: 20_000 }));
    const drawer = await findDialog('New announcement');
    fill(within(drawer).getByLabelText('Title (en)'), 'Hi');
    fill(within(drawer).getByLabelText('Text (en)'), 'Text');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('This title needs its text in the same language')).toBeTruthy();
    expect(
      within(drawer)
        .getByRole('tab', { name: /Tiếng Việt/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
  });

  test('deletes after asking', async () => {
    const api = mockNoticesApi({ 'DELETE /api/admin/notices/5': () => ok<null>(null) });
    const user = userEvent.setup();
    renderApp('/notices');
    await user.click(await screen.findByRole('button', { name: 'Delete: Maintenance' }, { timeout: 20_000 }));
    const dialog = await findDialog('Delete this announcement?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  test('a role without content rights does not get the screen', async () => {
    localStorage.setItem('adminToken', 'tok');
    const api = mockApi({ 'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')) });
    renderApp('/notices');
    await screen.findByRole('button', { name: 'Log out' });
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/admin/notices')).toBe(false);
  });
});
