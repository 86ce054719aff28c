import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { ChartReadout } from './chart-readout';

afterEach(async () => {
  await act(() => changeLang('en'));
});

it('writes the candle values with the language marks (vn: "2.346,80")', async () => {
  await act(() => changeLang('vn'));
  const bar = { time: 1_796_000_000, open: 2346.8, high: 2347.03, low: 2346.3, close: 2346.34, volume: 1 };
  render(<ChartReadout bar={bar as never} precision={2} shift={0} isHover={false} />);
  const values = screen.getAllByRole('definition').map((node) => node.textContent);
  expect(values).toEqual(['2.346,80', '2.347,03', '2.346,30', '2.346,34']);
});
