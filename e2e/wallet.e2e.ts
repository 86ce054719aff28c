import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, balances, ownerToken } from './support/api.js';
import { fromRoot, LANGS, newAccount, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { num, t } from './support/messages.js';
import {
  body,
  expectNoMotion,
  expectToast,
  setPayPasswordOnScreen,
  title,
  typeOnOpenKeyboard,
  typePasscode,
} from './support/ui.js';

test.beforeAll(async () => {
  // Platform set-up an operator does once: a bank to choose and deposit addresses in the pool.
  const owner = await ownerToken();
  await api('POST', '/api/admin/banks', { name: 'Vietcombank', enabled: true, sort: 1 }, owner);
  const pool = Array.from({ length: 5 }, () => tronAddressFromBytes(randomBytes(20))).join('\n');
  await api('POST', '/api/admin/deposit-addresses/import', { addresses: pool }, owner);
});

const PAY = '246802';
const BANK_REFERENCE = 'VCB-E2E-0001';
const TX_ID = 'c0ffee'.repeat(10).concat('0123');
const fixture = (name: string) => fromRoot('e2e', 'fixtures', name);

async function signUp(page: Page) {
  const account = newAccount('wallet');
  await page.goto('/reg');
  await page.getByPlaceholder('4–18 letters and numbers').fill(account.username);
  await page.getByPlaceholder('11 digits').fill(account.phone);
  await page.getByPlaceholder('8–64 characters, not your username').fill(account.password);
  await page.getByPlaceholder('Enter the password again').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/txpassword');
  await setPayPasswordOnScreen(page, account.password, PAY, 'Set payment password');
  await expectToast(page, 'Submitted Success');
  return account;
}

async function userToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
}

test('KYC, card, address and deposit; an operator approves; the user withdraws; the operator pays out', async ({
  page,
  operator: admin,
  newPhone,
}) => {
  const newPhoneSignedIn = async (lang: (typeof LANGS)[number], token: string) => {
    const context = await newPhone(lang);
    await signInWithToken(context, token);
    return context;
  };
  const account = await signUp(page);
  const token = await userToken(page);

  // Identity verification with both images.
  await page.goto('/realname');
  await page.getByPlaceholder('As written on your ID card').fill('Test User');
  await page.getByPlaceholder('6–32 letters and digits').fill('A1234567');
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles(fixture('id-front.png'));
  await inputs.nth(1).setInputFiles(fixture('id-back.png'));
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(body(page)).toContainText('Under review');

  // Bank card and a withdrawal address.
  await page.goto('/bindBankCard');
  await page.locator('select').selectOption({ label: 'Vietcombank' });
  await page.getByPlaceholder('The name on the card').fill('Test User');
  await page.getByPlaceholder('12–19 digits').fill('9704366112345678');
  await page.getByPlaceholder('The branch where the account was opened').fill('Hoan Kiem');
  await page.getByPlaceholder('Enter the city').fill('Hanoi');
  await page.getByPlaceholder('Enter the province').fill('Hanoi');
  await page.getByRole('button', { name: 'Bind card' }).click();
  await expect(page.locator('.sheet')).toContainText('9704 3661 1234 5678');
  await typePasscode(page, 0, PAY);
  await expectToast(page, 'Added Successfully');

  await page.goto('/bindWallet');
  const address = tronAddressFromBytes(randomBytes(20));
  await page.getByPlaceholder('Starts with T, 34 characters').fill(address);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.locator('.sheet')).toContainText(address);
  await typePasscode(page, 0, PAY);
  await expectToast(page, 'Added Successfully');
  await expect(body(page)).toContainText(address);

  // A TRC20 deposit: the address with its QR code, then amount and transaction hash.
  await page.goto('/recharge');
  await page.getByPlaceholder('Enter the amount in USDT').fill('500');
  await page.getByText('USDT (TRC20)').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/recharge2/);
  await expect(page.locator('canvas, svg').first()).toBeVisible();
  const amountInput = page.getByPlaceholder('Enter the amount in USDT');
  if ((await amountInput.inputValue()) === '') await amountInput.fill('500');
  await page.getByPlaceholder('64 hexadecimal characters').fill(`${'c0ffee'.repeat(10)}beef`);
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expectToast(page, 'Submitted Success');

  // The operator approves the identity and confirms the deposit in the back office.
  await admin.locator('.ant-menu').getByText('KYC', { exact: false }).first().click();
  await admin.locator('.ant-table-row', { hasText: account.username }).first().click();
  await admin
    .getByRole('button', { name: /^Approve/ })
    .first()
    .click();
  // Approving asks for confirmation in a modal: its button is clicked once the modal is there.
  await admin
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect
    .poll(async () => (await api<{ status: string }>('GET', '/api/user/idcard', undefined, token)).status)
    .toBe('approved');
  // The review drawer has closed and the submission has left the pending queue.
  await expect(admin.locator('.ant-table-row', { hasText: account.username })).toHaveCount(0);
  await expectNoMotion(admin);
  await screenshot(admin, 'admin', 'kyc-approved', admin.getByRole('heading', { name: 'KYC queue', exact: true }));

  await admin.locator('.ant-menu').getByText('Deposits', { exact: true }).click();
  const depositRow = admin.locator('.ant-table-row', { hasText: account.username }).first();
  await depositRow.getByRole('button', { name: /Confirm/ }).click();
  await admin
    .locator('.ant-modal')
    .getByRole('button', { name: /Confirm|OK/ })
    .last()
    .click();
  await expect.poll(async () => (await balances(token)).available).toBe('500');
  // Confirmed, the deposit has left the pending list.
  await expect(depositRow).toHaveCount(0);
  await expectNoMotion(admin);
  await screenshot(admin, 'admin', 'deposit-confirmed', admin.getByRole('heading', { name: 'Deposits', exact: true }));

  // The user sees the money and the fund-details row.
  await page.goto('/wallet');
  await expect(body(page)).toContainText('500');
  await page.goto('/runningwater');
  await expect(body(page)).toContainText('+500');

  // Withdraw to the card with the payment password.
  await page.goto('/withdraw');
  await page.getByPlaceholder(/Minimum/).fill('100');
  await expect(body(page)).toContainText('98.5');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await typeOnOpenKeyboard(page, PAY);
  const submit = page.getByRole('button', { name: 'Confirm withdrawal' });
  if (await submit.isVisible()) await submit.click();
  // Submitted, not paid: 'Successful Withdrawal' waits for the operator.
  await expectToast(page, 'Withdrawal request submitted');
  await expect(page).toHaveURL(/\/withdrawrecord/);
  await expect(body(page)).toContainText('Processing');
  await expect(body(page)).toContainText('Fee 1.5 · To receive 98.5');
  await expect(body(page)).not.toContainText('Received');
  await expect(body(page)).not.toContainText('Successful Withdrawal');

  // The operator pays it out; the history shows success.
  await admin.locator('.ant-menu').getByText('Withdrawals', { exact: true }).click();
  const withdrawalRow = admin.locator('.ant-table-row', { hasText: account.username }).first();
  await withdrawalRow.getByRole('button', { name: /Approve/ }).click();
  await admin.locator('#payout-reference').fill(BANK_REFERENCE);
  await admin
    .locator('.ant-modal')
    .getByRole('button', { name: /Approve|Confirm|OK/ })
    .last()
    .click();
  await expect.poll(async () => (await balances(token)).frozen).toBe('0');
  // Paid, the withdrawal has left the pending list.
  await expect(withdrawalRow).toHaveCount(0);
  await expectNoMotion(admin);
  await screenshot(admin, 'admin', 'withdrawal-paid', admin.getByRole('heading', { name: 'Withdrawals', exact: true }));

  // The user sees it paid, with the reference the operator entered: copyable, never a link for a bank payout.
  await page.reload();
  const bankRecord = page.getByRole('article', { name: 'Bank card 100' });
  await expect(bankRecord).toContainText('Successful Withdrawal');
  await expect(bankRecord).toContainText('Fee 1.5 · Received 98.5');
  await expect(bankRecord).toContainText(BANK_REFERENCE);
  await expect(bankRecord.getByRole('button', { name: 'Copy Payout reference' })).toBeVisible();
  await expect(bankRecord.getByRole('link')).toHaveCount(0);
  await screenshot(page, 'journey', '10-withdrawal-success', [
    title(page, t('en', 'withdraw.recordsTitle')),
    bankRecord.getByText(BANK_REFERENCE),
  ]);
  await page.goto('/wallet');
  await expect(body(page)).toContainText('400');

  // A TRC20 withdrawal paid with a transaction id (set up through the API): the id and its explorer link.
  const [wallet] = await api<{ id: string }[]>('POST', '/api/user/getUserWallets', {}, token);
  const trc = await api<{ id: string }>(
    'POST',
    '/api/wallet/trcWithdrawal',
    { amount: '50', walletId: wallet?.id, payPassword: PAY },
    token,
  );
  await api('POST', `/api/admin/withdrawals/${trc.id}/approve`, { payoutReference: TX_ID }, await ownerToken());
  for (const lang of LANGS) {
    const phone = lang === 'en' ? page : await (await newPhoneSignedIn(lang, token)).newPage();
    await phone.goto('/withdrawrecord');
    const trcRecord = phone.getByRole('article', { name: `${t(lang, 'withdraw.methodTrc20')} 50` });
    await expect(trcRecord).toContainText(t(lang, 'withdraw.result.success'));
    await expect(trcRecord).toContainText(
      t(lang, 'withdraw.amountLine', { fee: num(lang, '1.25'), net: num(lang, '48.75') }),
    );
    await expect(trcRecord).toContainText(TX_ID);
    await expect(trcRecord.getByRole('link', { name: t(lang, 'withdraw.viewOnExplorer') })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${TX_ID}`,
    );
    const bank = phone.getByRole('article', { name: `${t(lang, 'withdraw.methodBank')} 100` });
    await expect(bank).toContainText(BANK_REFERENCE);
    await expect(bank.getByRole('link')).toHaveCount(0);
    await screenshot(phone, lang, 'withdrawal-records-paid', [
      title(phone, t(lang, 'withdraw.recordsTitle')),
      trcRecord.getByRole('link', { name: t(lang, 'withdraw.viewOnExplorer') }),
      bank.getByText(BANK_REFERENCE),
    ]);
  }

  // The day's third withdrawal (three a day): one the operator rejects, and the money comes back.
  const rejected = await api<{ id: string }>(
    'POST',
    '/api/wallet/bankWithdrawal',
    { amount: '50', payPassword: PAY },
    token,
  );
  await api('POST', `/api/admin/withdrawals/${rejected.id}/reject`, { reason: 'name mismatch' }, await ownerToken());
  await expect.poll(async () => (await balances(token)).available).toBe('350');

  // Fund details: one row per event (never ledger legs), each with its state, its signed change to
  // the available balance and that balance after it, in every language.
  for (const lang of LANGS) {
    await page.evaluate((value) => localStorage.setItem('lang', value), lang);
    await page.goto('/runningwater');
    const row = (kind: string, state: string, amount: string, after: string) =>
      new RegExp(
        `^${escapeRegExp(`${t(lang, `water.kind.${kind}`)}, ${t(lang, `water.state.${state}`)},`)}.*` +
          `${escapeRegExp(`, ${num(lang, amount)} USDT, ${t(lang, 'water.availableAfter', { amount: num(lang, after) })}`)}$`,
      );
    // Newest first, one row each.
    const expected = [
      row('withdrawal_return', 'completed', '+50', '350'),
      row('withdrawal_request', 'rejected', '-50', '300'),
      row('withdrawal_payout', 'paid', '0', '350'),
      row('withdrawal_request', 'paid', '-50', '350'),
      row('withdrawal_payout', 'paid', '0', '400'),
      row('withdrawal_request', 'paid', '-100', '400'),
      row('deposit', 'completed', '+500', '500'),
    ];
    const items = page.locator('.records--events > li');
    await expect(items).toHaveCount(expected.length);
    const rows = expected.map((name, index) => items.nth(index).getByRole('button', { name }));
    for (const shown of rows) await expect(shown).toBeVisible();
    const [, rejectedRow, , , paid, , deposit] = rows;
    await expect(rejectedRow!.locator('.event-row__amount')).toHaveCSS('color', 'rgb(207, 42, 54)');
    await expect(deposit!.locator('.event-row__amount')).toHaveCSS('color', 'rgb(10, 122, 77)');
    await expect(paid!).toContainText(t(lang, 'water.note.withdrawalPaid', { amount: '100' }));
    await expectNoMotion(page);
    await screenshot(page, lang, 'runningwater-events', [title(page, t(lang, 'water.title')), ...rows]);
  }
  // A row opens what caused it: the withdrawal records.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/runningwater');
  await page.getByRole('button', { name: /^Withdrawal, Rejected,/ }).click();
  await expect(page).toHaveURL(/\/withdrawrecord$/);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a bank deposit in the account currency shows the fiat to transfer, in every language', async ({ page }) => {
  // Finance keeps the receiving account in VND at 25 400 per USDT (issue 12).
  const owner = await ownerToken();
  const settings = await api<{ wallet: Record<string, unknown> }>('GET', '/api/admin/settings', undefined, owner);
  await api(
    'PUT',
    '/api/admin/settings/wallet',
    {
      ...settings.wallet,
      bankAccounts: [
        {
          id: '',
          bankName: 'Vietcombank',
          holderName: 'Vela Co',
          cardNumber: '0071000123456',
          branch: 'Hoan Kiem',
          currency: 'VND',
          rate: '25400',
        },
      ],
    },
    owner,
  );
  await signUp(page);
  for (const lang of LANGS) {
    await page.evaluate((value) => localStorage.setItem('lang', value), lang);
    await page.goto('/recharge');
    await page.getByPlaceholder(t(lang, 'deposit.amountPlaceholder')).fill('100');
    const fiat = page.getByLabel(t(lang, 'deposit.fiatAmount', { currency: 'VND' }));
    await expect(fiat).toHaveValue('2540000');
    const figure = page.locator('.transfer-amount__fiat');
    await expect(figure).toContainText(lang === 'vn' ? '2.540.000' : '2,540,000');
    await screenshot(page, lang, 'recharge-bank-fiat', [figure, fiat]);
    // The figure to transfer sits below the account details: a second picture shows it.
    await figure.scrollIntoViewIfNeeded();
    await screenshot(page, lang, 'recharge-bank-fiat-transfer', figure);
  }
});
