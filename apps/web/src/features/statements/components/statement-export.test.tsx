import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavPage } from '../../../components/nav-page';
import { PageActions } from '../../../components/page-actions';
import { changeLang } from '../../../lib/i18n';
import { CONFIG_REPLY, renderScreen } from '../../../test/render';
import { presetRange } from './range-presets';
import { StatementExport } from './statement-export';

/**
 * The export sheet on fund details (and order records): it sits in the page's top bar through
 * PageActions, offers this month, last month, the last 3 months or two dates, and CSV or PDF, then
 * downloads the file the server answers; a refusal shows the server's own localised message.
 */
interface Call {
  path: string;
  body: unknown;
}

function stubApi(statement: () => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api/, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/user/statement') return statement();
      if (path === '/common/config') {
        return new Response(JSON.stringify(CONFIG_REPLY.body), { headers: { 'Content-Type': 'application/json' } });
      }
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const csvFile = () =>
  new Response('\uFEFFTime (UTC),Type\r\n', {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="statement-fund-2026-10-01_2026-10-31.pdf"',
    },
  });

const renderFundDetails = () =>
  renderScreen(
    <PageActions actions={<StatementExport kind="fund" />}>
      <NavPage title="Fund details">
        <p>rows</p>
      </NavPage>
    </PageActions>,
  );

describe('statement export sheet', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await act(() => changeLang('en'));
  });

  it('chooses last month as PDF and downloads the file the server names', async () => {
    const calls = stubApi(csvFile);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderFundDetails();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('heading', { name: 'Export fund details' })).toBeInTheDocument();
    // This month by default, named in the platform's time zone.
    expect(screen.getByText('2026-11-01 – 2026-11-24')).toBeInTheDocument();
    expect(await screen.findByText(/platform time zone \(UTC\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    expect(screen.getByText('2026-10-01 – 2026-10-31')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'PDF (document)' }));
    expect(screen.getByRole('button', { name: 'PDF (document)' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.find((c) => c.path === '/user/statement')?.body).toEqual({
      kind: 'fund',
      format: 'pdf',
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(saved[0]).toEqual({ href: 'blob:statement', download: 'statement-fund-2026-10-01_2026-10-31.pdf' });
    // Done: the sheet closes.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Export fund details' })).toBeNull());
  });

  it('custom dates go as typed', async () => {
    const calls = stubApi(csvFile);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderFundDetails();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-05');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.find((c) => c.path === '/user/statement')?.body).toMatchObject({
      format: 'csv',
      from: '2026-03-05',
      to: '2026-11-24',
    });
  });

  it('a refusal shows the server message in the user language, and nothing is saved', async () => {
    await act(() => changeLang('zn'));
    stubApi(
      () =>
        new Response(JSON.stringify({ code: 4981, msg: '對帳單最長涵蓋一年，請選擇較短的期間', data: null }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderFundDetails();
    await user.click(screen.getByRole('button', { name: '匯出' }));
    expect(await screen.findByRole('heading', { name: '匯出資金明細' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '近 3 個月' }));
    expect(screen.getByText('2026-08-25 – 2026-11-24')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下載' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('對帳單最長涵蓋一年，請選擇較短的期間');
    expect(saved).toEqual([]);
  });

  it('Vietnamese texts', async () => {
    await act(() => changeLang('vn'));
    stubApi(csvFile);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderFundDetails();
    await user.click(screen.getByRole('button', { name: 'Xuất' }));
    expect(await screen.findByRole('heading', { name: 'Xuất chi tiết quỹ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tháng trước' })).toBeInTheDocument();
  });
});

describe('range presets', () => {
  it('this month, last month and the last three months end on the platform day', () => {
    expect(presetRange('thisMonth', '2026-01-15')).toEqual({ from: '2026-01-01', to: '2026-01-15' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('last3Months', '2026-11-24')).toEqual({ from: '2026-08-25', to: '2026-11-24' });
    expect(presetRange('last3Months', '2026-05-31')).toEqual({ from: '2026-03-01', to: '2026-05-31' });
  });
});
