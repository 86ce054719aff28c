import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { fiatMinorOfUsdt, formatFiat } from '../packages/contract/src/fiat.js';
import { parseAmount } from '../packages/contract/src/money.js';
import { type WalletRules, withdrawalFeeMinor } from '../packages/contract/src/wallet-rules.js';
import { api, balances, bindCard, ownerToken, verifyIdentity } from './support/api.js';
import { LANGS, type Lang, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { body, expectNoMotion, expectToast, title, typeOnOpenKeyboard } from './support/ui.js';

/**
 * Bank money in the bank's currency (issue 12): finance keeps receiving accounts in VND and TWD, each at
 * its own rate; a user deposits in VND to the account of their language, an operator confirms the VND
 * that arrived, the user sees the credit and the VND in the records; a withdrawal to a VND card shows
 * what arrives, at the rate locked on the request.
 */

const PAY = '246802';
const CARD_BANK = 'BIDV';
const HANOI = {
  id: 'e2e-hanoi',
  bankName: 'Vietcombank',
  holderName: 'Vela Co',
  cardNumber: '0071000123456',
  branch: 'Hoan Kiem',
  currency: 'VND',
  rate: '25400',
};
const TAIPEI = {
  id: 'e2e-taipei',
  bankName: 'CTBC Bank',
  holderName: 'Vela Ltd',
  cardNumber: '901540012345',
  branch: 'Taipei',
  currency: 'TWD',
  rate: '32.15',
};

let before: WalletRules;
const putWallet = async (changes: Partial<WalletRules>) => {
  const owner = await ownerToken();
  const { wallet } = await api<{ wallet: WalletRules }>('GET', '/api/admin/settings', undefined, owner);
  await api('PUT', '/api/admin/settings/wallet', { ...wallet, ...changes }, owner);
};

test.beforeAll(async () => {
  const owner = await ownerToken();
  before = (await api<{ wallet: WalletRules }>('GET', '/api/admin/settings', undefined, owner)).wallet;
  await putWallet({ bankAccounts: [HANOI, TAIPEI] });
  // The bank list says BIDV cards are paid in VND (the platform pays them from its VND account).
  const banks = await api<{ id: string; name: string }[]>('GET', '/api/admin/banks', undefined, owner);
  const bidv = banks.find((bank) => bank.name === CARD_BANK);
  if (bidv) await api('PATCH', `/api/admin/banks/${bidv.id}`, { currency: 'VND', enabled: true }, owner);
  else await api('POST', '/api/admin/banks', { name: CARD_BANK, currency: 'VND', enabled: true, sort: 9 }, owner);
});

// Later journeys find the receiving accounts as they were.
test.afterAll(async () => {
  const owner = await ownerToken();
  const { wallet } = await api<{ wallet: WalletRules }>('GET', '/api/admin/settings', undefined, owner);
  await api('PUT', '/api/admin/settings/wallet', { ...wallet, bankAccounts: before.bankAccounts }, owner);
});

/** The user's phone in another language, signed in with the same token. */
async function phoneIn(newPhone: (lang?: Lang) => Promise<BrowserContext>, lang: Lang, token: string) {
  const context = await newPhone(lang);
  await signInWithToken(context, token);
  return context.newPage();
}

const vnd = (lang: Lang, digits: string) =>
  new Intl.NumberFormat({ en: 'en-US', vn: 'vi-VN', zn: 'zh-Hant-TW' }[lang], { style: 'currency', currency: 'VND' })
    .format(Number(digits))
    .replace(/\u00a0/g, ' ');

/** WCAG 2.2 AA by axe-core, as the a11y journey checks every screen: no serious or critical finding. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const findings = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(findings).toEqual([]);
}

/** The text on screen with its non-breaking spaces as plain ones (Vietnamese puts one before ₫). */
const shown = (page: Page) => body(page).evaluate((node) => (node as HTMLElement).innerText.replace(/\u00a0/g, ' '));

test.describe('in Vietnamese', () => {
  test.use({ lang: 'vn', payPassword: PAY });

  test('a bank deposit in VND: the operator confirms the VND received; the user sees the credit and the VND', async ({
    page,
    user,
    operator,
    newPhone,
  }) => {
    await page.goto('/recharge');
    // Vietnamese: the VND account is the one offered first; the TWD one can be chosen.
    await expect(page.getByRole('radio', { name: /Vietcombank · VND/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /CTBC Bank · TWD/ })).not.toBeChecked();
    // The user types what they will send from their bank; the USDT follows.
    await page.getByLabel(t('vn', 'deposit.fiatAmount', { currency: 'VND' })).fill('2540000');
    await expect(page.getByLabel(t('vn', 'deposit.amount'))).toHaveValue('100');
    const figure = page.locator('.transfer-amount__fiat');
    await expect.poll(async () => (await figure.innerText()).replace(/\u00a0/g, ' ')).toBe(vnd('vn', '2540000'));
    await expect(body(page)).toContainText(HANOI.cardNumber);
    await screenshot(page, 'vn', 'recharge-accounts', [page.getByRole('radio', { name: /Vietcombank · VND/ })]);
    await figure.scrollIntoViewIfNeeded();
    await screenshot(page, 'vn', 'recharge-accounts-transfer', figure);
    await expectAccessible(page);
    await page.getByRole('button', { name: t('vn', 'deposit.submit') }).click();
    await expectToast(page, t('vn', 'toast.submittedSuccess'));
    await expect(page).toHaveURL(/\/depositrecord/);
    const record = page.getByRole('article').first();
    const lockedLine = t('vn', 'deposit.recordFiat', { fiat: vnd('vn', '2540000'), rate: vnd('vn', '25400') });
    await expect.poll(() => shown(page)).toContain(lockedLine);
    await expect(record).toContainText(t('vn', 'deposit.status.pending'));

    // Finance raises the rate before the money is checked: the request keeps the rate it was made at.
    await putWallet({ bankAccounts: [{ ...HANOI, rate: '26000' }, TAIPEI] });

    // Finance's view of the accounts: each with its currency and rate.
    await operator.locator('.ant-menu').getByText('Platform settings', { exact: true }).click();
    const second = operator.getByText('Account 2', { exact: true });
    await expect(second).toBeVisible();
    await expect(operator.getByLabel('Rate (VND per 1 USDT)')).toHaveValue('26000');
    await second.scrollIntoViewIfNeeded();
    await expectNoMotion(operator);
    await screenshot(operator, 'admin', 'settings-bank-accounts', [
      second,
      operator.getByLabel('Rate (TWD per 1 USDT)'),
    ]);

    // The operator finds the VND on the Vietcombank account and confirms it in the back office.
    await operator.locator('.ant-menu').getByText('Deposits', { exact: true }).click();
    const row = operator.locator('.ant-table-row', { hasText: user.username }).first();
    await expect(row).toContainText('2,540,000 VND');
    await expect(row).toContainText('at 25,400 VND');
    await expect(row).toContainText('Vietcombank ··3456');
    await row.getByRole('button', { name: 'Confirm', exact: true }).click();
    const modal = operator.locator('.ant-modal');
    await expect(modal).toContainText('2,540,000 VND');
    await expect(modal).toContainText('Vietcombank · Vela Co · 0071000123456');
    await expect(modal).toContainText('Credits 100 USDT');
    await expectNoMotion(operator);
    await screenshot(operator, 'admin', 'deposit-confirm-fiat', modal.getByText('2,540,000 VND'));
    await modal.getByRole('button', { name: 'Confirm and credit' }).click();
    await expect.poll(async () => (await balances(user.token)).available).toBe('100');

    // The user sees the credit, the VND sent at the locked rate and the VND the platform received.
    await page.reload();
    await expect(record).toContainText(t('vn', 'deposit.status.confirmed'));
    await expect.poll(() => shown(page)).toContain(t('vn', 'deposit.recordReceived', { fiat: vnd('vn', '2540000') }));
    await expect.poll(() => shown(page)).toContain(lockedLine);
    await screenshot(page, 'vn', 'deposit-records-fiat', [title(page, t('vn', 'deposit.recordsTitle')), record]);
    await expectAccessible(page);
    for (const lang of LANGS.filter((l) => l !== 'vn')) {
      const phone = await phoneIn(newPhone, lang, user.token);
      await phone.goto('/depositrecord');
      const mine = phone.getByRole('article').first();
      await expect(mine).toContainText(t(lang, 'deposit.recordReceived', { fiat: vnd(lang, '2540000') }));
      await expect(mine).toContainText(
        t(lang, 'deposit.recordFiat', { fiat: vnd(lang, '2540000'), rate: vnd(lang, '25400') }),
      );
      await screenshot(phone, lang, 'deposit-records-fiat', [title(phone, t(lang, 'deposit.recordsTitle')), mine]);
      // The deposit screen in this language: Chinese preselects the TWD account, English the first.
      await phone.goto('/recharge');
      const preselected = lang === 'zn' ? /CTBC Bank · TWD/ : /Vietcombank · VND/;
      await expect(phone.getByRole('radio', { name: preselected })).toBeChecked();
      await phone.getByLabel(t(lang, 'deposit.amount')).fill('100');
      await screenshot(phone, lang, 'recharge-accounts', phone.getByRole('radio', { name: preselected }));
    }
    await putWallet({ bankAccounts: [HANOI, TAIPEI] });
  });

  test('a bank withdrawal to a VND card shows what arrives at the rate locked on the request', async ({
    page,
    trader,
    operator,
    newPhone,
  }) => {
    const owner = await ownerToken();
    await verifyIdentity(trader.token, owner, trader.username);
    await bindCard(trader.token, PAY, { bankName: CARD_BANK, cardNumber: '9704229912345678', branch: 'Ba Dinh' });
    // What the screens must say, by the same functions the server locks with.
    const { wallet } = await api<{ wallet: WalletRules }>('GET', '/api/admin/settings', undefined, owner);
    const amount = parseAmount('200');
    const net = amount - withdrawalFeeMinor(amount, wallet);
    const arrives = formatFiat(fiatMinorOfUsdt(net, '25400', 'VND'), 'VND');

    await page.goto('/withdraw');
    await page.getByLabel(t('vn', 'withdraw.amount')).fill('200');
    await expect(body(page)).toContainText(t('vn', 'withdraw.arrivesFiat', { currency: 'VND' }));
    await expect.poll(() => shown(page)).toContain(vnd('vn', arrives));
    await screenshot(page, 'vn', 'withdraw-fiat', page.getByText(t('vn', 'withdraw.arrivesFiat', { currency: 'VND' })));
    await expectAccessible(page);
    await page.getByRole('button', { name: t('vn', 'withdraw.confirm'), exact: true }).click();
    await expect(page.locator('.sheet')).toContainText(t('vn', 'withdraw.arrivesFiat', { currency: 'VND' }));
    await typeOnOpenKeyboard(page, PAY);
    const submit = page.getByRole('button', { name: t('vn', 'withdraw.submit') });
    if (await submit.isVisible()) await submit.click();
    await expectToast(page, t('vn', 'toast.withdrawSubmitted'));
    await expect(page).toHaveURL(/\/withdrawrecord/);
    const toArrive = t('vn', 'withdraw.recordFiatToArrive', { fiat: vnd('vn', arrives) });
    const rateLine = t('vn', 'withdraw.recordRate', { rate: vnd('vn', '25400') });
    await expect.poll(() => shown(page)).toContain(toArrive);
    await expect.poll(() => shown(page)).toContain(rateLine);

    // A new rate after the request changes nothing on it.
    await putWallet({ bankAccounts: [{ ...HANOI, rate: '26000' }, TAIPEI] });
    await page.reload();
    await expect.poll(() => shown(page)).toContain(toArrive);
    const record = page.getByRole('article').first();
    await screenshot(page, 'vn', 'withdrawal-records-fiat', [title(page, t('vn', 'withdraw.recordsTitle')), record]);
    await expectAccessible(page);

    // The operator sends the VND shown and marks it paid; the user's record then says it was sent.
    await operator.locator('.ant-menu').getByText('Withdrawals', { exact: true }).click();
    const row = operator.locator('.ant-table-row', { hasText: trader.username }).first();
    await expect(row).toContainText(`${Number(arrives).toLocaleString('en-US')} VND`);
    await row.getByRole('button', { name: /Approve/ }).click();
    const modal = operator.locator('.ant-modal');
    await expect(modal).toContainText('To send in VND');
    await expect(modal).toContainText('at 25,400 VND per 1 USDT, locked at request');
    await modal
      .getByRole('button', { name: /Approve|Confirm|OK/ })
      .last()
      .click();
    await expect.poll(async () => (await balances(trader.token)).frozen).toBe('0');
    await page.reload();
    await expect.poll(() => shown(page)).toContain(t('vn', 'withdraw.recordFiatSent', { fiat: vnd('vn', arrives) }));
    for (const lang of LANGS.filter((l) => l !== 'vn')) {
      const phone = await phoneIn(newPhone, lang, trader.token);
      await phone.goto('/withdrawrecord');
      const mine = phone.getByRole('article').first();
      await expect(mine).toContainText(t(lang, 'withdraw.recordFiatSent', { fiat: vnd(lang, arrives) }));
      await expect(mine).toContainText(t(lang, 'withdraw.recordRate', { rate: vnd(lang, '25400') }));
      await screenshot(phone, lang, 'withdrawal-records-fiat', [title(phone, t(lang, 'withdraw.recordsTitle')), mine]);
      await phone.goto('/withdraw');
      await phone.getByLabel(t(lang, 'withdraw.amount')).fill('50');
      // The rate now quoted for new requests.
      await expect(phone.getByText(t(lang, 'withdraw.arrivesFiat', { currency: 'VND' }))).toBeVisible();
      await screenshot(
        phone,
        lang,
        'withdraw-fiat',
        phone.getByText(t(lang, 'withdraw.arrivesFiat', { currency: 'VND' })),
      );
    }
    await putWallet({ bankAccounts: [HANOI, TAIPEI] });
  });
});
