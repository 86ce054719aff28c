import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../lib/i18n';
import { renderScreen } from '../test/render';
import { OfflineBanner } from './offline-banner';

function goOffline(isOffline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);
  act(() => {
    window.dispatchEvent(new Event(isOffline ? 'offline' : 'online'));
  });
}

describe('offline banner', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLang('en');
  });

  it('appears when the network goes and leaves when it is back', () => {
    renderScreen(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Prices and balances will update when you are back online.',
    );

    goOffline(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows from the start on a page loaded offline, in the language', async () => {
    await changeLang('zn');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('您目前處於離線狀態');
    await act(() => changeLang('vn'));
    expect(screen.getByRole('status')).toHaveTextContent('Bạn đang ngoại tuyến');
  });
});
