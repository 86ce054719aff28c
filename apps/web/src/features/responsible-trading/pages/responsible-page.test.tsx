import {
  LIMIT_NAMES,
  type LimitView,
  type ResponsibleState,
  type SessionSummary,
} from '@app/contract/responsible-trading';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/time';
import { CONFIG_REPLY, fail, mockApi, ok, renderScreen } from '../../../test/render';
import { nextCheckAt, RealityCheckDialog } from '../components/reality-check';
import ResponsiblePage from './responsible-page';

const EFFECTIVE = '2026-11-26T09:30:00.000Z';
function stateWith(overrides: Partial<Record<string, Partial<LimitView>>> = {}, rest: Partial<ResponsibleState> = {}) {
  return {
    limits: LIMIT_NAMES.map((name) => ({ name, value: null, pending: null, ...overrides[name] })),
    realityCheckMinutes: null,
    exclusion: null,
    ...rest,
  } as ResponsibleState;
}

describe('responsible trading page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('shows each limit now and a waiting raise with its local time; saves only what was typed', async () => {
    let state = stateWith({
      stakeDay: { value: '100', pending: { value: '500', effectiveAt: EFFECTIVE } },
      sessionMinutes: { value: '90' },
    });
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/responsible': () => ok<ResponsibleState>(state),
      '/user/responsible/limits': () => {
        state = stateWith({ orderStake: { value: '20' }, stakeDay: state.limits[6] });
        return ok<ResponsibleState>(state);
      },
    });
    renderScreen(<ResponsiblePage />, { path: '/responsible' });
    const stakeDay = (await screen.findByText('Daily stake limit')).closest('[data-limit]') as HTMLElement;
    expect(within(stakeDay).getByText('Now: 100 USDT')).toBeInTheDocument();
    expect(within(stakeDay).getByRole('status')).toHaveTextContent(
      `Changes to 500 USDT — takes effect at ${formatDateTime(EFFECTIVE)}`,
    );
    expect(screen.getByText('Now: 90 min')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Maximum stake per order'), '20');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/user/responsible/limits')?.body).toEqual({ limits: { orderStake: '20' } }),
    );
    const orderStake = screen.getByText('Maximum stake per order').closest('[data-limit]') as HTMLElement;
    await waitFor(() => expect(within(orderStake).getByText('Now: 20 USDT')).toBeInTheDocument());
  });

  it('refuses a bad value on the screen, sends nothing', async () => {
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/responsible': ok<ResponsibleState>(stateWith()),
    });
    renderScreen(<ResponsiblePage />, { path: '/responsible' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Daily loss limit'), 'abc');
    await user.type(screen.getByLabelText('Session time limit (minutes)'), '2');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Incorrect Amount')).toBeInTheDocument();
    expect(screen.getByText('Enter 5 to 1440 minutes')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/user/responsible/limits')).toBe(false);
  });

  it('starts a cool-off with the password after a confirmation; the wrong password is said; in force it is shown', async () => {
    let state = stateWith();
    const until = '2026-12-02T10:00:00.000Z';
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/responsible': () => ok<ResponsibleState>(state),
      '/user/responsible/exclude': (body) => {
        if ((body as { password: string }).password !== 'right-pass-1')
          return fail(422, 2005, 'The password is not correct');
        state = stateWith({}, { exclusion: { kind: 'cool_off', since: '2026-11-25T10:00:00.000Z', until } });
        return ok<ResponsibleState>(state);
      },
    });
    renderScreen(<ResponsiblePage />, { path: '/responsible' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Length'), 'cool7');
    await user.type(screen.getByLabelText('Login password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Start the break' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Trading and deposits stop until');
    fireEvent.click(within(dialog).getByText('Start the break'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/user/responsible/exclude')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/user/responsible/exclude')?.body).toEqual({
      period: { kind: 'cool_off', days: 7 },
      password: 'wrong-pass',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.clear(screen.getByLabelText('Login password'));
    await user.type(screen.getByLabelText('Login password'), 'right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Start the break' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Start the break'));
    expect(await screen.findByText(`Cool-off until ${formatDateTime(until)}`)).toBeInTheDocument();
    expect(screen.getByText('Trading and deposits are paused. Withdrawals still work.')).toBeInTheDocument();
  });

  it('reads in Vietnamese and Traditional Chinese', async () => {
    mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/responsible': ok<ResponsibleState>(stateWith({ lossWeek: { value: '1234.5' } })),
    });
    await act(() => changeLang('vn'));
    const { unmount } = renderScreen(<ResponsiblePage />, { path: '/responsible' });
    expect(await screen.findByText('Hiện tại: 1.234,5 USDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lưu giới hạn' })).toBeInTheDocument();
    unmount();
    await act(() => changeLang('zn'));
    renderScreen(<ResponsiblePage />, { path: '/responsible' });
    expect(await screen.findByText('每週虧損上限')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '開始暫停' })).toBeInTheDocument();
  });
});

describe('the reality check', () => {
  it('is due every N minutes since login', () => {
    const login = Date.parse('2026-11-25T10:00:00Z');
    expect(nextCheckAt(login, 15, login + 60_000)).toBe(login + 15 * 60_000);
    expect(nextCheckAt(login, 15, login + 15 * 60_000)).toBe(login + 30 * 60_000);
  });

  it('shows the session’s time, stake, wins and losses, and continues or signs out', async () => {
    const summary: SessionSummary = {
      loginAt: new Date(Date.now() - 75 * 60_000).toISOString(),
      endsAt: null,
      realityCheckMinutes: 15,
      orders: 3,
      stake: '30',
      won: '18.5',
      lost: '20.4',
      net: '-1.9',
    };
    const onContinue = vi.fn();
    const { calls } = mockApi({ '/common/config': CONFIG_REPLY, '/user/logout': ok<null>(null) });
    renderScreen(<RealityCheckDialog summary={summary} onContinue={onContinue} />, { path: '/' });
    const dialog = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('Signed in 1 h 15 min ago');
    expect(dialog).toHaveTextContent('Orders3');
    expect(dialog).toHaveTextContent('Stake30 USDT');
    expect(dialog).toHaveTextContent('Won18.5 USDT');
    expect(dialog).toHaveTextContent('Lost20.4 USDT');
    expect(dialog).toHaveTextContent('Net result-1.9 USDT');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/user/logout')).toBe(true));
  });
});
