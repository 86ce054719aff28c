import type { Quote } from '@app/contract/markets';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TickEvent } from '../../../lib/realtime';

// The socket is the input here: the test pushes ticks as the socket would, one message each.
let push: (tick: TickEvent) => void = () => {};
vi.mock('../../../lib/realtime', () => ({
  useTickEvents: (_symbols: readonly string[], handler: (tick: TickEvent) => void) => {
    push = handler;
  },
}));

const { useLiveQuotes } = await import('./use-live-quotes');

const quote = (symbol: string, last: string): Quote =>
  ({ symbol, last, open24h: '100', changePercent24h: '0', updatedAt: '2026-11-27T10:00:00.000Z' }) as Quote;

describe('useLiveQuotes', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] }));
  afterEach(() => vi.useRealTimers());

  test('the ticks of one frame are applied together, in one render, each to its own product', () => {
    const quotes = [quote('AAA', '100'), quote('BBB', '100')];
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useLiveQuotes(quotes, ['AAA', 'BBB']);
    });
    const before = renders;
    act(() => {
      push({ symbol: 'AAA', time: '2026-11-27T10:00:01.000Z', price: '101' });
      push({ symbol: 'BBB', time: '2026-11-27T10:00:01.000Z', price: '90' });
      push({ symbol: 'AAA', time: '2026-11-27T10:00:02.000Z', price: '102' });
    });
    // Nothing renders before the frame.
    expect(renders).toBe(before);
    expect(result.current.map((q) => q.last)).toEqual(['100', '100']);
    act(() => vi.advanceTimersToNextFrame());
    expect(renders).toBe(before + 1);
    expect(result.current.map((q) => [q.last, q.changePercent24h])).toEqual([
      ['102', '2.00'],
      ['90', '-10.00'],
    ]);
  });

  test('a tick older than the quote leaves the quote as it is', () => {
    const { result } = renderHook(() => useLiveQuotes([quote('AAA', '100')], ['AAA']));
    act(() => push({ symbol: 'AAA', time: '2026-11-27T09:59:59.000Z', price: '50' }));
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current[0]?.last).toBe('100');
  });
});
