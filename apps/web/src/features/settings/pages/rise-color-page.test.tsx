import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyStoredRiseColor, getRiseColor } from '../../../lib/rise-colors';
import { renderScreen } from '../../../test/render';
import RiseColorPage from './rise-color-page';

describe('rise and fall colours (/colors)', () => {
  it('starts green up, switches to red up for every screen, and keeps the choice', async () => {
    applyStoredRiseColor(); // as main.tsx does at start
    renderScreen(<RiseColorPage />, { path: '/colors' });
    const green = await screen.findByRole('radio', { name: 'Green up, red down' });
    const red = screen.getByRole('radio', { name: 'Red up, green down' });
    expect(green).toBeChecked();
    expect(document.documentElement.dataset.rise).toBe('green');

    await userEvent.setup().click(red);
    expect(red).toBeChecked();
    // Every screen's --rise / --fall follow <html data-rise>; the chart asks getRiseColor().
    expect(document.documentElement.dataset.rise).toBe('red');
    expect(window.localStorage.getItem('riseColor')).toBe('red');

    // A later visit starts with the stored choice.
    document.documentElement.dataset.rise = '';
    applyStoredRiseColor();
    expect(getRiseColor()).toBe('red');
    expect(document.documentElement.dataset.rise).toBe('red');
  });
});
