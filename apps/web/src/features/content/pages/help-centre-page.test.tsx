import type { HelpArticleSummary } from '@app/contract/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { mockApi, ok, renderScreen } from '../../../test/render';
import HelpCentrePage from './help-centre-page';

const ARTICLES = [
  { slug: 'how-deposits-work', category: 'wallet', title: 'How deposits work', lang: 'en' },
  { slug: 'how-withdrawals-work', category: 'wallet', title: 'How withdrawals work', lang: 'en' },
  { slug: 'settlement-rule', category: 'trading', title: 'The settlement rule', lang: 'en' },
  { slug: 'risk-disclosure', category: 'risk', title: 'Risk disclosure', lang: 'en' },
] satisfies HelpArticleSummary[];

describe('help centre (/bz)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('groups the articles by category, in the category order, and opens one', async () => {
    mockApi({ '/help/articles': ok<HelpArticleSummary[]>(ARTICLES) });
    renderScreen(<HelpCentrePage />, { path: '/bz' });
    const wallet = await screen.findByRole('region', { name: 'Deposits and withdrawals' });
    expect(
      within(wallet)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['How deposits work', 'How withdrawals work']);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // The article groups, then the way to the provably fair page (issue 13).
    expect(headings).toEqual(['Deposits and withdrawals', 'Orders and fees', 'Risk', 'Fairness']);
    expect(screen.getByRole('link', { name: 'Provably fair: check every price and order' })).toHaveAttribute(
      'href',
      '/fair',
    );
    expect(screen.queryByRole('region', { name: 'Earn' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/kf');
    await userEvent.click(screen.getByRole('link', { name: 'The settlement rule' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/bz2?slug=settlement-rule');
  });

  it('names the groups in the chosen language', async () => {
    await changeLang('zn');
    const { calls } = mockApi({
      '/help/articles': ok<HelpArticleSummary[]>([{ ...ARTICLES[3]!, title: '風險揭示', lang: 'zn' }]),
    });
    renderScreen(<HelpCentrePage />, { path: '/bz' });
    expect(await screen.findByRole('region', { name: '風險' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '風險揭示' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '幫助中心' })).toBeInTheDocument();
    expect(calls[0]?.headers.get('accept-language')).toBe('zn');
  });
});
