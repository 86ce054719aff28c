import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLang, i18n } from '../../../lib/i18n';
import { priceAlertText } from './notification-text';

describe('a fired price alert notice (issue 15)', () => {
  afterEach(async () => {
    await changeLang('en');
  });

  it('a fired alert reads in each language, its prices written as the language writes numbers', async () => {
    const params = {
      symbol: 'BTCUSDT',
      condition: 'below',
      level: '66000.00',
      price: '65990.00',
      percent: '',
      windowSeconds: '',
    };
    await act(() => changeLang('en'));
    expect(priceAlertText(i18n.t, params)).toBe('BTCUSDT fell to 65,990.00 (alert: ≤ 66,000.00)');
    await act(() => changeLang('vn'));
    expect(priceAlertText(i18n.t, params)).toBe('BTCUSDT đã giảm đến 65.990,00 (cảnh báo: ≤ 66.000,00)');
    expect(priceAlertText(i18n.t, { ...params, condition: 'move', percent: '0.5', windowSeconds: '3600' })).toBe(
      'BTCUSDT biến động 0,5% trong 1 giờ: hiện 65.990,00',
    );
    await act(() => changeLang('zn'));
    expect(priceAlertText(i18n.t, { ...params, condition: 'move', percent: '1', windowSeconds: '300' })).toBe(
      'BTCUSDT 5 分鐘內漲跌 1%：現價 65,990.00',
    );
  });
});
