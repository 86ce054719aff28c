import type { HelpArticle } from '@app/contract/content';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderScreen } from '../../../test/render';
import HelpArticlePage from './help-article-page';

describe('help article (/bz2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the article with its sections and the date it changed', async () => {
    mockApi({
      '/help/article?slug=settlement-rule': ok<HelpArticle>({
        slug: 'settlement-rule',
        category: 'trading',
        title: 'The settlement rule',
        body: 'Orders settle from recorded ticks.\n\n## Entry price\nThe first tick strictly after acceptance.\n\n- Up wins if exit > entry.\n- Equal is a tie.',
        updatedAt: '2026-03-04T08:00:00Z',
        lang: 'en',
      }),
    });
    renderScreen(<HelpArticlePage />, { path: '/bz2', url: '/bz2?slug=settlement-rule' });
    expect(await screen.findByRole('heading', { name: 'The settlement rule' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entry price' })).toBeInTheDocument();
    expect(screen.getByText('The first tick strictly after acceptance.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Up wins if exit > entry.',
      'Equal is a tie.',
    ]);
    expect(screen.getByText('Updated Mar 4, 2026')).toBeInTheDocument();
  });

  it('answers an unknown article with a way back to the help centre', async () => {
    mockApi({
      '/help/article?slug=nope': fail(404, 4702, 'x'),
    });
    renderScreen(<HelpArticlePage />, { path: '/bz2', url: '/bz2?slug=nope' });
    expect(await screen.findByText('This help article does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/bz');
  });
});
