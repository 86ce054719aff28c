import type { Page } from '@app/contract/common';
import type { NoticeSummary } from '@app/contract/content';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen } from '../../../test/render';
import { NoticeStrip } from './notice-strip';

describe('home announcement strip', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first announcement and links to all of them', async () => {
    mockApi({
      '/common/notice?page=1&pageSize=1': ok<Page<NoticeSummary>>({
        list: [
          {
            id: '7',
            title: 'Maintenance on Sunday',
            summary: '',
            pinned: true,
            publishedAt: '2026-03-02T10:00:00Z',
            lang: 'en',
          },
        ],
        total: 4,
        page: 1,
        pageSize: 1,
      }),
    });
    const { container } = renderScreen(<NoticeStrip />);
    // While it loads, its place is kept (hidden from screen readers), so the cards below stay put.
    expect(container.querySelector('.notice-strip--loading')).toHaveAttribute('aria-hidden', 'true');
    const strip = await screen.findByRole('link', { name: 'Announcement: Maintenance on Sunday' });
    expect(container.querySelector('.notice-strip--loading')).toBeNull();
    expect(strip).toHaveAttribute('href', '/notice');
    expect(strip).toHaveTextContent('Maintenance on Sunday');
  });

  it('is absent when there is no announcement', async () => {
    const { calls } = mockApi({
      '/common/notice?page=1&pageSize=1': ok<Page<NoticeSummary>>({ list: [], total: 0, page: 1, pageSize: 1 }),
    });
    const { container } = renderScreen(<NoticeStrip />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('.notice-strip')).toBeNull());
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
