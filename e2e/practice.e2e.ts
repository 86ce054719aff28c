import { api, balances } from './support/api.js';
import { screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { body, expectToast } from './support/ui.js';

type PracticeBalance = { available: string; trading: string; total: string; nextResetAt: string | null };
const practiceBalance = (token: string) => api<PracticeBalance>('POST', '/api/practice/balance', {}, token);

const BANDS = {
  en: 'Practice account: practice money, no real gain or loss',
  vn: 'Tài khoản luyện tập: tiền luyện tập, không lãi lỗ thật',
  zn: '練習帳戶：練習資金，不產生真實盈虧',
} as const;

// Issue 14: a new user without a deposit lands in practice, trades practice money, and sees it settle.
test('a new user lands in practice, places a practice order and sees it settle; real money untouched', async ({
  page,
  user,
  newPhone,
}) => {
  // The order runs its 30 s before it settles.
  test.setTimeout(180_000);

  await page.goto('/hq');
  const band = page.getByTestId('practice-band');
  await expect(band).toContainText(BANDS.en);
  await expect(page.getByRole('button', { name: 'Practice', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(band.getByTestId('practice-balance')).toHaveText('10,000');
  await screenshot(page, 'practice', 'hq-en', band);

  await page.getByText('Crypto', { exact: true }).first().click();
  await page.getByText('BTCUSDT').first().click();
  await expect(page).toHaveURL(/\/xq\?symbol=BTCUSDT$/);
  await expect(page.getByTestId('practice-band')).toBeVisible();
  // /xq trades from the chart (issue 15); its order form link opens /trade.
  await page.getByRole('link', { name: 'Order form' }).click();
  await expect(page).toHaveURL(/\/trade/);
  await expect(page.getByTestId('practice-band')).toBeVisible();
  await expect(body(page)).toContainText('10,000 USDT'); // the balance shown is the practice one
  await page.getByText('30 s', { exact: true }).first().click();
  await page.getByPlaceholder('Enter the amount').fill('100');
  await screenshot(page, 'practice', 'trade-en', page.getByTestId('practice-band'));
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await page.getByRole('button', { name: 'I understand and accept' }).click();
  await expectToast(page, 'successfully ordered');
  await expect(page).toHaveURL(/\/orderdetail\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id')!;

  expect(await practiceBalance(user.token)).toMatchObject({ available: '9899', trading: '100' });
  expect(await balances(user.token)).toMatchObject({ available: '0', trading: '0', total: '0' });

  // Positions, then the result, without a reload, on the practice side of the records.
  await page.goto('/orderrecord');
  await expect(page.getByTestId('practice-band')).toBeVisible();
  await expect(body(page)).toContainText(/Won|Lost|Tie|Void/, { timeout: 50_000 });
  const { list } = await api<{ list: Array<{ id: string; status: string; account: string }> }>(
    'POST',
    '/api/order/list',
    { account: 'practice' },
    user.token,
  );
  const order = list.find((o) => o.id === orderId)!;
  expect(order.account).toBe('practice');
  const expected = { won: '10084', lost: '9899', tie: '9999', void: '10000' }[order.status as 'won'];
  expect(await practiceBalance(user.token)).toMatchObject({ available: expected, trading: '0' });
  await expect(page.getByTestId('practice-balance')).toHaveText(expected.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  // The real side knows nothing of it.
  expect(await balances(user.token)).toMatchObject({ total: '0' });
  expect((await api<{ total: number }>('POST', '/api/order/list', {}, user.token)).total).toBe(0);
  expect((await api<{ total: number }>('POST', '/api/user/water', {}, user.token)).total).toBe(0);
  await screenshot(page, 'practice', 'records-en', page.getByText(/Won|Lost|Tie|Void/).first());

  // Switching to real is remembered, and the band goes.
  await page.getByRole('button', { name: 'Real', exact: true }).click();
  await expect(page.getByTestId('practice-band')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Real', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('practice-band')).toHaveCount(0);

  // The band in the other languages (a fresh phone: no choice stored, so practice again).
  for (const lang of ['vn', 'zn'] as const) {
    const phone = await newPhone(lang);
    await signInWithToken(phone, user.token);
    const other = await phone.newPage();
    await other.goto('/trade?symbol=BTCUSDT&direction=up');
    await expect(other.getByTestId('practice-band')).toContainText(BANDS[lang]);
    await screenshot(other, 'practice', `trade-${lang}`, other.getByTestId('practice-band'));
    await other.goto('/hq');
    await expect(other.getByTestId('practice-band')).toContainText(BANDS[lang]);
    await screenshot(other, 'practice', `hq-${lang}`, other.getByTestId('practice-band'));
  }
});

test('the practice balance resets once a day; a second reset is refused in the user’s language', async ({
  page,
  user,
  newPhone,
}) => {
  // A practice order of 5 minutes takes 100 + its fee from the practice balance (and stays open here).
  expect(await practiceBalance(user.token)).toMatchObject({ available: '10000' });
  await api(
    'POST',
    '/api/order/create',
    { symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 300, account: 'practice' },
    user.token,
  );
  // A second phone, in Vietnamese, opened before the reset: it still offers one.
  const phone = await newPhone('vn');
  await signInWithToken(phone, user.token);
  const other = await phone.newPage();
  await other.goto('/hq');
  const otherBand = other.getByTestId('practice-band');
  await expect(otherBand.getByTestId('practice-balance')).toHaveText('9.899');
  const otherReset = otherBand.getByRole('button', { name: 'Đặt lại 10.000' });
  await expect(otherReset).toBeEnabled();

  await page.goto('/hq');
  const band = page.getByTestId('practice-band');
  await expect(band.getByTestId('practice-balance')).toHaveText('9,899');
  await band.getByRole('button', { name: 'Reset to 10,000' }).click();
  await expectToast(page, 'Practice balance reset to 10,000');
  await expect(band.getByTestId('practice-balance')).toHaveText('10,000');
  // Once a day: the button gives way to when the next reset is possible.
  await expect(band.getByRole('button', { name: 'Reset to 10,000' })).toHaveCount(0);
  await expect(band).toContainText('Next reset after');
  expect(await practiceBalance(user.token)).toMatchObject({ available: '10000', trading: '100' });
  await screenshot(page, 'practice', 'reset-done-en', band.getByText('Next reset after'));

  // The same day, from the other phone: refused, in Vietnamese, and nothing moves.
  await otherReset.click();
  await expectToast(other, 'Số dư luyện tập chỉ được đặt lại một lần mỗi ngày; vui lòng thử lại vào ngày mai');
  expect(await practiceBalance(user.token)).toMatchObject({ available: '10000', trading: '100' });
});
