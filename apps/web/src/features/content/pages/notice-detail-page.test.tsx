import type { Notice } from '@app/contract/content';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderScreen } from '../../../test/render';
import NoticeDetailPage from './notice-detail-page';

describe('announcement detail (/noticedetail)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the text as headings, paragraphs and bullets; markup in it stays plain text', async () => {
    mockApi({
      '/common/notice/7': ok<Notice>({
        id: '7',
        title: 'Maintenance on Sunday',
        summary: '',
        body: 'Trading pauses for ten minutes.\n\n## What changes\n- Faster charts\n- <b>Bold</b> <img src=x onerror=alert(1)>',
        pinned: true,
        publishedAt: '2026-03-02T10:00:00Z',
        lang: 'en',
      }),
    });
    const { container } = renderScreen(<NoticeDetailPage />, { path: '/noticedetail', url: '/noticedetail?id=7' });
    expect(await screen.findByRole('heading', { name: 'Maintenance on Sunday' })).toBeInTheDocument();
    expect(screen.getByText('Trading pauses for ten minutes.').tagName).toBe('P');
    expect(screen.getByRole('heading', { name: 'What changes' })).toBeInTheDocument();
    expect(screen.getByText('Faster charts').tagName).toBe('LI');
    expect(screen.getByText('<b>Bold</b> <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByText('Pinned')).toBeInTheDocument();
  });

  it('marks a text served in another language (none written in the reader’s) with that language', async () => {
    mockApi({
      '/common/notice/8': ok<Notice>({
        id: '8',
        title: '只有中文',
        summary: '',
        body: '內容',
        pinned: false,
        publishedAt: '2026-03-02T10:00:00Z',
        lang: 'zn',
      }),
    });
    renderScreen(<NoticeDetailPage />, { path: '/noticedetail', url: '/noticedetail?id=8' });
    const heading = await screen.findByRole('heading', { name: '只有中文' });
    expect(heading.closest('article')).toHaveAttribute('lang', 'zh-Hant');
  });

  it('answers a withdrawn or unknown announcement with a way back to the list', async () => {
    mockApi({
      '/common/notice/9': fail(404, 4701, 'This announcement does not exist'),
    });
    renderScreen(<NoticeDetailPage />, { path: '/noticedetail', url: '/noticedetail?id=9' });
    expect(await screen.findByText('This announcement does not exist or has been withdrawn.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All announcements' })).toHaveAttribute('href', '/notice');
  });

  it('does not ask the server for a malformed id', async () => {
    const { calls } = mockApi({});
    renderScreen(<NoticeDetailPage />, { path: '/noticedetail', url: '/noticedetail?id=abc' });
    expect(await screen.findByText('This announcement does not exist or has been withdrawn.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
