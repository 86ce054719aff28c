import type { AdminProfile } from '@app/contract/admin';
import type { AdminHelpArticle } from '@app/contract/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminProfile } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const article = (overrides: Partial<AdminHelpArticle> = {}): AdminHelpArticle => ({
  id: '3',
  slug: 'fees',
  category: 'trading',
  sort: 30,
  title: { en: 'Fees', vn: 'Các loại phí', zn: '費用說明' },
  body: { en: 'Fee text', vn: 'Phí', zn: '費用' },
  published: true,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  updatedBy: null,
  ...overrides,
});

function mockHelpApi(handlers: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('content')),
    'GET /api/admin/help-articles': () =>
      ok<AdminHelpArticle[]>([
        article(),
        article({
          id: '1',
          slug: 'how-deposits-work',
          category: 'wallet',
          sort: 10,
          title: { en: 'How deposits work', vn: '', zn: '' },
          body: { en: 'x', vn: '', zn: '' },
        }),
      ]),
    ...handlers,
  });
}

const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });

describe('help articles', { timeout: 90_000 }, () => {
  test('lists the articles in help-centre order, with their category and languages', async () => {
    mockHelpApi();
    renderApp('/help-articles');
    const deposits = (await screen.findByText('how-deposits-work', {}, { timeout: 20_000 })).closest('tr')!;
    expect(within(deposits).getByText('Deposits and withdrawals')).toBeTruthy();
    expect(within(deposits).getByText('EN')).toBeTruthy();
    // antd adds a hidden measuring row: the data rows carry their key.
    const keys = [...document.querySelectorAll('tr[data-row-key]')].map((row) => row.getAttribute('data-row-key'));
    expect(keys).toEqual(['1', '3']);
  });

  test('edits the Vietnamese text of an article and saves every field', async () => {
    const api = mockHelpApi({ 'PATCH /api/admin/help-articles/3': () => ok<AdminHelpArticle>(article()) });
    const user = userEvent.setup();
    renderApp('/help-articles');
    await user.click(await screen.findByRole('button', { name: 'Edit: fees' }, { timeout: 20_000 }));
    const drawer = await findDialog('Edit fees');
    expect(within(drawer).getAllByText(/\{withdrawMinAmount\}/)).toHaveLength(3);
    await user.click(within(drawer).getByRole('tab', { name: /Tiếng Việt/ }));
    fill(within(drawer).getByLabelText('Text (vn)'), 'Phí mới');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      slug: 'fees',
      category: 'trading',
      sort: 30,
      title: { en: 'Fees', vn: 'Các loại phí', zn: '費用說明' },
      body: { en: 'Fee text', vn: 'Phí mới', zn: '費用' },
      published: true,
    });
  });

  test('a taken address is reported in the editor', async () => {
    mockHelpApi({
      'POST /api/admin/help-articles': () => fail(409, 4703, 'Another article already uses this address'),
    });
    const user = userEvent.setup();
    renderApp('/help-articles');
    await user.click(await screen.findByRole('button', { name: 'New article' }, { timeout: 20_000 }));
    const drawer = await findDialog('New help article');
    fill(within(drawer).getByLabelText('Address (/bz2?slug=…)'), 'fees');
    fill(within(drawer).getByLabelText('Title (en)'), 'Fees again');
    fill(within(drawer).getByLabelText('Text (en)'), 'Text');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Another article already uses this address')).toBeTruthy();
  });
});
