import type { AdminProfile } from '@app/contract/admin';
import type { AdminProduct } from '@app/contract/admin-markets';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminProduct, adminProfile } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const BTC = adminProduct();
const SILVER = adminProduct({
  symbol: 'XAGUSD',
  name: 'Silver',
  category: 'metal',
  pricePrecision: 3,
  last: '29.421',
  enabled: false,
  sort: 16,
  periods: [{ seconds: 300, payoutRate: '0.78', minStake: '10', maxStake: '50000' }],
});

function mockProductsApi(patch = () => ok<AdminProduct>(BTC)) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('content')),
    'GET /api/admin/products': () => ok<AdminProduct[]>([BTC, SILVER]),
    'PATCH /api/admin/products/BTCUSDT': patch,
  });
}

/**
 * Replaces a field's text with one change event: typing key by key re-renders the whole antd form on
 * every keystroke, which takes seconds per field in jsdom on a busy machine.
 */
function fill(element: HTMLElement, text: string) {
  fireEvent.change(element, { target: { value: text } });
}

const rowOf = async (symbol: string) => (await screen.findByText(symbol)).closest('tr')!;

describe('products', () => {
  test('lists every product with its rules, last price, simulated source and status', async () => {
    mockProductsApi();
    renderApp('/products');

    const btc = await rowOf('BTCUSDT');
    expect(within(btc).getByText('Bitcoin')).toBeTruthy();
    expect(within(btc).getByText('67250.12')).toBeTruthy();
    expect(within(btc).getByText('Simulated')).toBeTruthy();
    expect(within(btc).getByText('30s · 0.85')).toBeTruthy();
    expect(within(btc).getByText('1m · 0.82')).toBeTruthy();
    expect(within(btc).getByText('Enabled')).toBeTruthy();
    const silver = await rowOf('XAGUSD');
    expect(within(silver).getByText('Disabled')).toBeTruthy();
    expect(within(silver).getByText('5m · 0.78')).toBeTruthy();
    expect(within(silver).getByText('Metals')).toBeTruthy();
  });

  test('the edit drawer sends the rules with periods edited, removed and added as rows', async () => {
    const api = mockProductsApi();
    const user = userEvent.setup();
    renderApp('/products');

    await user.click(within(await rowOf('BTCUSDT')).getByRole('button', { name: 'Edit BTCUSDT' }));
    const drawer = await findDialog('Edit BTCUSDT');
    expect(within(drawer).getByText('Simulated')).toBeTruthy();

    expect((within(drawer).getByLabelText('Name (English)') as HTMLInputElement).value).toBe('Bitcoin');
    const chinese = within(drawer).getByLabelText('Name (繁體中文)');
    expect((chinese as HTMLInputElement).value).toBe('比特幣');
    fill(chinese, ' 比特幣現貨 ');
    const rate1 = within(drawer).getByLabelText('Payout rate 1');
    fill(rate1, '0.8');
    await user.click(within(drawer).getByRole('button', { name: 'Remove period 2' }));
    await user.click(within(drawer).getByRole('button', { name: /Add period/ }));
    const seconds2 = within(drawer).getByLabelText('Seconds 2');
    fill(seconds2, '600');
    fill(within(drawer).getByLabelText('Payout rate 2'), '0.7505');
    fill(within(drawer).getByLabelText('Min stake (USDT) 2'), '5.5');
    fill(within(drawer).getByLabelText('Max stake (USDT) 2'), '1000');
    const fee = within(drawer).getByLabelText('Fee rate (share of the stake, 0 to 0.1)');
    fill(fee, '0.02');
    await user.click(within(drawer).getByRole('switch'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/products/BTCUSDT')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/admin/products/BTCUSDT')[0]?.body).toEqual({
      nameI18n: { en: 'Bitcoin', vn: 'Bitcoin', zn: '比特幣現貨' },
      enabled: false,
      sort: 10,
      feeRate: '0.02',
      periods: [
        { seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '10000' },
        { seconds: 600, payoutRate: '0.7505', minStake: '5.5', maxStake: '1000' },
      ],
    });
    expect(await screen.findByText('Product saved')).toBeTruthy();
  });

  test('bad rules are stopped before sending; the server’s field errors land on their rows', async () => {
    const api = mockProductsApi(() =>
      fail(400, 1001, 'Please check the highlighted fields', {
        fields: {
          'periods.0.minStake': 'The minimum stake must not be above the maximum',
          'periods.1.seconds': 'This period is listed twice',
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/products');

    await user.click(within(await rowOf('BTCUSDT')).getByRole('button', { name: 'Edit BTCUSDT' }));
    const drawer = await findDialog('Edit BTCUSDT');
    const rate1 = within(drawer).getByLabelText('Payout rate 1');
    fill(rate1, '1.5');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Above 0, at most 1, at most 4 decimals')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/products/BTCUSDT')).toHaveLength(0);

    fill(rate1, '0.85');
    const min1 = within(drawer).getByLabelText('Min stake (USDT) 1');
    fill(min1, '20000');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('The minimum stake must not be above the maximum')).toBeTruthy();
    expect(within(drawer).getByText('This period is listed twice')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/products/BTCUSDT')[0]?.body).toMatchObject({
      periods: [{ seconds: 30, payoutRate: '0.85', minStake: '20000', maxStake: '10000' }, { seconds: 60 }],
    });
  });

  test('a role without products cannot open the screen', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockApi({ 'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')) });
    renderApp('/products');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
  });
});
