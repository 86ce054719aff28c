import type { Page } from '@app/contract/common';
import type { NoticeSummary } from '@app/contract/content';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen } from '../../../test/render';
import NoticesPage from './notices-page';

const notice = (id: string, title: string, pinned: boolean, summary = ''): NoticeSummary => ({
  id,
  title,
  summary,
  pinned,
  publishedAt: '2026-03-02T10:00:00Z',
  lang: 'en',
});

describe('announcements (/notice)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists announcements in the order given, marks pinned ones and opens one', async () => {
    const { calls } = mockApi({
      '/common/notice?page=1&pageSize=20': ok<Page<NoticeSummary>>({
        list: [
          notice('7', 'Maintenance on Sunday', true, 'Trading pauses for ten minutes.'),
          notice('3', 'Welcome', false),
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    });
    renderScreen(<NoticesPage />, { path: '/notice' });
    const first = await screen.findByRole('link', { name: /Maintenance on Sunday/ });
    expect(first).toHaveTextContent('Pinned');
    expect(first).toHaveTextContent('Trading pauses for ten minutes.');
    expect(screen.getByRole('link', { name: /Welcome/ })).not.toHaveTextContent('Pinned');
    expect(calls[0]?.headers.get('accept-language')).toBe('zn');
    await userEvent.click(first);
    expect(await screen.findByTestId('location')).toHaveTextContent('/noticedetail?id=7');
  });

  it('says so when there is none', async () => {
    mockApi({
      '/common/notice?page=1&pageSize=20': ok<Page<NoticeSummary>>({ list: [], total: 0, page: 1, pageSize: 20 }),
    });
    renderScreen(<NoticesPage />, { path: '/notice' });
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
  });
});
