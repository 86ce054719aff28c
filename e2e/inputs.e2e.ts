import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { tronAddressFromBytes } from '../apps/server/src/modules/wallet/tron.js';
import { api, ownerToken } from './support/api.js';
import { LANGS, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { num, t } from './support/messages.js';
import { expectToast, title } from './support/ui.js';

/**
 * What the user must see while typing money in: the payment password cells above the number pad,
 * the order button on screen, the balance on the home screen; at 390x844 (the suite's phone) and
 * 360x640 (a small one), in the three languages.
 */

const PAY = '246810';
test.use({ funds: '1000', payPassword: PAY });

const SMALL = { width: 360, height: 640 };

test.beforeAll(async () => {
  // A bank to choose on /bindBankCard (another file may have added it already).
  await api('POST', '/api/admin/banks', { name: 'ACB', enabled: true, sort: 2 }, await ownerToken()).catch(() => {});
});

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  return box!;
}

/**
 * The six cells are inside the viewport and wholly above the number pad, once the sheet and the pad
 * have come to rest (they slide in: measured mid-slide the pad may still cover a cell).
 */
async function expectCellsAbovePad(page: Page) {
  await expect(() => cellsAbovePad(page)).toPass({ timeout: 15_000 });
}

async function cellsAbovePad(page: Page) {
  const pad = await boxOf(page.locator('.adm-number-keyboard:visible'));
  const cells = page.locator('.sheet .adm-passcode-input-cell');
  await expect(cells).toHaveCount(6);
  for (const cell of await cells.all()) {
    const box = await boxOf(cell);
    expect(box.y, 'cell below the top of the screen').toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, 'cell above the number pad').toBeLessThanOrEqual(pad.y);
  }
  // What is typed is in sight at the cell's centre: nothing covers it.
  const last = await boxOf(cells.last());
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('.adm-passcode-input-cell') !== null,
    { x: last.x + last.width / 2, y: last.y + last.height / 2 },
  );
  expect(onTop, 'the last cell is not covered').toBe(true);
}

async function openLockedSheet(page: Page, lang: (typeof LANGS)[number]): Promise<void> {
  const products = await api<Array<{ id: string; cycleDays: number; name: string }>>('POST', '/api/wealth/getList', {});
  const product = products.find((p) => p.cycleDays === 7)!;
  await page.goto(`/lcdetail?id=${product.id}`);
  await page.locator('.lc-amount__input').fill('500');
  await expect(page.locator('.lc-summary')).toContainText(`${num(lang, '+1.05')} USDT`);
  await page.getByRole('button', { name: t(lang, 'wealth.buy'), exact: true }).click();
  await expect(page.locator('.adm-number-keyboard:visible')).toBeVisible();
  await expect(page.locator('.sheet')).toHaveClass(/sheet--keypad/);
}

async function typeDigits(page: Page, digits: string) {
  const pad = page.locator('.adm-number-keyboard:visible');
  for (const digit of digits) {
    await pad.locator('.adm-number-keyboard-key', { hasText: new RegExp(`^${digit}$`) }).click();
  }
}

test('/lcdetail: the password cells stay above the number pad while typing, and the sixth digit buys', async ({
  page,
  trader: _signedIn,
}) => {
  for (const viewport of [SMALL, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await openLockedSheet(page, 'en');
    await expectCellsAbovePad(page);
    await typeDigits(page, PAY.slice(0, 5));
    await expect(page.locator('.sheet .adm-passcode-input-cell-dot')).toHaveCount(5);
    await expectCellsAbovePad(page);
  }
  await typeDigits(page, PAY.slice(5));
  await expectToast(page, 'Submitted Success');
  await expect(page).toHaveURL(/\/lcorders$/);
});

test.describe(() => {
  // Vietnamese: the longest texts.
  test.use({ lang: 'vn' });

  test('/trade: the confirm button stays on screen, and a short balance disables it with the reason', async ({
    page,
    trader: _signedIn,
  }) => {
    let orders = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/order/create')) orders += 1;
    });
    for (const viewport of [SMALL, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/trade?symbol=XAUUSD&direction=down');
      const submit = page.getByRole('button', { name: new RegExp(t('vn', 'trade.submit')) });
      await expect(submit).toBeInViewport({ ratio: 1 });
      // 1,000 + the fee is more than the 1,000 available.
      await page.locator('#trade-amount').fill('1000');
      await expect(submit).toBeDisabled();
      const reason = page.locator('#trade-submit-reason');
      await expect(reason).toContainText(t('vn', 'trade.shortBalance'));
      await expect(reason.getByRole('link', { name: t('vn', 'trade.deposit') })).toBeInViewport({ ratio: 1 });
      await expect(submit).toBeInViewport({ ratio: 1 });
      const box = await boxOf(submit);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await submit.click({ force: true });
      // Nothing typed (or zero): still disabled, and the reason says what is missing.
      await page.locator('#trade-amount').fill('');
      await expect(submit).toBeDisabled();
      await expect(reason).toHaveText(t('vn', 'trade.enterAmount'));
      await page.locator('#trade-amount').fill('0');
      await expect(submit).toBeDisabled();
      await expect(reason).toHaveText(t('vn', 'trade.incorrectAmount'));
      await submit.click({ force: true });
    }
    expect(orders, 'no order sent on a short balance, nothing or zero').toBe(0);
  });

  test('/trade takes the amount with the Vietnamese decimal mark and sends the plain decimal', async ({
    page,
    trader: _signedIn,
  }) => {
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/order/create')) sent.push(request.postDataJSON());
    });
    await page.goto('/trade?symbol=XAUUSD&direction=up');
    const amount = page.locator('#trade-amount');
    // "1.000" is one thousand or one: refused, with both readings and how to type it.
    await amount.fill('1.000');
    const submit = page.getByRole('button', { name: new RegExp(t('vn', 'trade.submit')) });
    await expect(submit).toBeDisabled();
    await expect(page.locator('#trade-submit-reason')).toContainText('1000');
    await amount.blur();
    await screenshot(page, 'vn', 'trade-amount-unclear', [page.locator('#trade-submit-reason'), submit]);
    await amount.fill('100,5');
    await expect(page.getByTestId('trade-fee')).toHaveText('1,005');
    await expect(submit).toBeEnabled();
    await screenshot(page, 'vn', 'trade-amount-comma', [page.getByTestId('trade-payout'), submit]);
    await submit.click();
    await page.getByText(t('vn', 'trade.riskAccept'), { exact: true }).click();
    await expect(page).toHaveURL(/\/orderdetail/);
    expect(sent).toEqual([expect.objectContaining({ amount: '100.5' })]);
  });
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`payment sheet, order confirmation and signed-in home in ${lang}`, async ({ page, trader }) => {
      await openLockedSheet(page, lang);
      await typeDigits(page, '12');
      await expectCellsAbovePad(page);
      await screenshot(page, lang, 'earn-lcdetail-sheet', [
        page.getByRole('heading', { name: t(lang, 'wealth.sheetTitle') }),
        page.locator('.sheet .adm-passcode-input'),
      ]);

      await page.goto('/trade?symbol=XAUUSD&direction=up');
      // Nothing typed yet: disabled, saying what is missing.
      await expect(page.locator('#trade-submit-reason')).toHaveText(t(lang, 'trade.enterAmount'));
      await screenshot(page, lang, 'trade-confirm-empty', [
        title(page, t(lang, 'trade.title')),
        page.locator('.trade-submit'),
      ]);
      await page.locator('#trade-amount').fill('5');
      await page.locator('#trade-amount').blur();
      await expect(page.locator('#trade-submit-reason')).toBeVisible();
      await screenshot(page, lang, 'trade-confirm-min', [
        title(page, t(lang, 'trade.title')),
        page.locator('.trade-submit'),
        page.locator('#trade-amount-hint'),
      ]);
      await page.locator('#trade-amount').fill('1000');
      await expect(page.locator('#trade-submit-reason')).toContainText(t(lang, 'trade.shortBalance'));
      await screenshot(page, lang, 'trade-confirm-short', [
        title(page, t(lang, 'trade.title')),
        page.locator('.trade-submit'),
      ]);

      await page.goto('/');
      const balance = page.getByRole('region', { name: t(lang, 'wallet.totalAssets') });
      await expect(balance).toContainText(num(lang, '1,000'));
      await screenshot(page, lang, 'home-signed-in', [
        title(page, t(lang, 'home.greeting', { name: trader.username })),
        page.getByRole('navigation', { name: t(lang, 'home.actionsTitle') }),
      ]);
      await balance.getByRole('button', { name: t(lang, 'home.hideBalance') }).click();
      await expect(balance).not.toContainText(num(lang, '1,000'));
      await screenshot(page, lang, 'home-signed-in-hidden', balance);
    });
  });
}

/** Opens the payment password sheet of /bindBankCard, /bindWallet or /txpassword (its second entry too). */
const SHEETS: Record<string, (page: Page, lang: (typeof LANGS)[number], password: string) => Promise<void>> = {
  bindBankCard: async (page, lang) => {
    await page.goto('/bindBankCard');
    await page.locator('select').selectOption({ label: 'ACB' });
    for (const [name, value] of [
      ['holderName', 'Test User'],
      ['cardNumber', '9704366112345678'],
      ['branch', 'Hoan Kiem'],
      ['city', 'Hanoi'],
      ['province', 'Hanoi'],
    ] as const) {
      await page.getByLabel(t(lang, `bankCard.${name}`), { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: t(lang, 'bankCard.submit'), exact: true }).click();
    await expect(page.locator('.sheet')).toContainText('9704 3661 1234 5678');
  },
  bindWallet: async (page, lang) => {
    await page.goto('/bindWallet');
    await page.getByLabel(t(lang, 'address.address')).fill(tronAddressFromBytes(randomBytes(20)));
    await page.getByRole('button', { name: t(lang, 'address.submit'), exact: true }).click();
    await expect(page.locator('.sheet')).toContainText(t(lang, 'address.sheetTitle'));
  },
  txpassword: async (page, lang, password) => {
    await page.goto('/resetTxpassword');
    await page.getByLabel(t(lang, 'common.loginPassword')).fill(password);
    await page.getByRole('button', { name: t(lang, 'payPassword.submitChange'), exact: true }).click();
    await expect(page.locator('.adm-number-keyboard:visible')).toBeVisible();
    await typeDigits(page, '975310');
    await expect(page.locator('.sheet')).toContainText(t(lang, 'payPassword.confirmPayPassword'));
  },
};

test('the payment password sheet of /bindBankCard, /bindWallet and /txpassword stays above the number pad', async ({
  page,
  trader,
}) => {
  for (const viewport of [SMALL, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    for (const open of Object.values(SHEETS)) {
      await open(page, 'en', trader.password);
      await expect(page.locator('.adm-number-keyboard:visible')).toBeVisible();
      await expect(page.locator('.sheet')).toHaveClass(/sheet--keypad/);
      await expectCellsAbovePad(page);
      await typeDigits(page, '24');
      await expectCellsAbovePad(page);
    }
  }
  // The sixth digit binds the address.
  await SHEETS.bindWallet!(page, 'en', trader.password);
  await typeDigits(page, PAY);
  await expectToast(page, 'Added Successfully');
});

for (const lang of LANGS) {
  test.describe(() => {
    test.use({ lang });

    test(`payment password sheets of card, address and payment password in ${lang}`, async ({ page, trader }) => {
      for (const [name, open] of Object.entries(SHEETS)) {
        await open(page, lang, trader.password);
        await expectCellsAbovePad(page);
        await screenshot(page, lang, `sheet-${name}`, page.locator('.sheet .adm-passcode-input'));
      }
    });
  });
}
