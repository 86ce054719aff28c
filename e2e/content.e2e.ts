import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, LANGS, type Lang, launch, phoneContext, screenshot, signInViaApi } from './support/browser.js';
import { E2E_OWNER } from './support/global-setup.js';
import { bodyText } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const stamp = Date.now() % 100_000;
const NOTICE: Record<Lang, { title: string; body: string; paragraph: string }> = {
  en: {
    title: `Scheduled maintenance ${stamp}`,
    paragraph: 'Trading pauses for ten minutes on Sunday at 02:00.',
    body: 'Trading pauses for ten minutes on Sunday at 02:00.\n\n## What to expect\n- Open orders settle as usual\n- Deposits queue until we are back',
  },
  vn: {
    title: `Bảo trì định kỳ ${stamp}`,
    paragraph: 'Giao dịch tạm dừng mười phút vào 02:00 Chủ nhật.',
    body: 'Giao dịch tạm dừng mười phút vào 02:00 Chủ nhật.\n\n## Điều cần biết\n- Lệnh đang mở vẫn được thanh toán bình thường\n- Yêu cầu nạp tiền sẽ được xử lý sau đó',
  },
  zn: {
    title: `系統維護公告 ${stamp}`,
    paragraph: '週日 02:00 交易暫停十分鐘。',
    body: '週日 02:00 交易暫停十分鐘。\n\n## 注意事項\n- 持倉訂單照常結算\n- 充值申請將於維護後處理',
  },
};
const LANGUAGE_TAB: Record<Lang, string> = { en: 'English', vn: 'Tiếng Việt', zn: '繁體中文' };
const RISK_TITLE: Record<Lang, string> = { en: 'Risk disclosure', vn: 'Công bố rủi ro', zn: '風險揭示' };
const SIMULATED_LINE: Record<Lang, string> = {
  en: 'By default the prices in this app come from a built-in simulation',
  vn: 'Theo mặc định, giá trong ứng dụng này đến từ một mô phỏng tích hợp',
  zn: '預設情況下，本應用的價格來自內建的模擬行情',
};

/** The operator writes the announcement in three languages, publishes and pins it, in the back office. */
async function publishAnnouncement() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.getByLabel('Username').fill(E2E_OWNER.username);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.ant-menu').getByText('Announcements').click();
  await page.getByRole('button', { name: 'New announcement' }).click();
  const drawer = page.locator('.ant-drawer');
  for (const lang of LANGS) {
    await drawer.getByRole('tab', { name: new RegExp(LANGUAGE_TAB[lang]) }).click();
    await drawer.getByLabel(`Title (${lang})`).fill(NOTICE[lang].title);
    await drawer.getByLabel(`Text (${lang})`).fill(NOTICE[lang].body);
  }
  await drawer.getByRole('switch', { name: 'Published (visible to users)' }).click();
  await drawer.getByRole('switch', { name: 'Pinned to the top' }).click();
  await screenshot(page, 'admin', 'notice-editor');
  await drawer.getByRole('button', { name: 'Save' }).click();
  const row = page.locator('.ant-table-row', { hasText: NOTICE.en.title });
  await row.waitFor();
  await expect.poll(() => row.innerText()).toContain('EN · VN · ZN');
  await screenshot(page, 'admin', 'notices');
  await context.close();
}

test('an operator publishes an announcement; users read it on home, in the list and in full; help pages in three languages', async () => {
  await publishAnnouncement();

  for (const lang of LANGS) {
    const context = await phoneContext(browser, lang);
    const page = await context.newPage();
    const notice = NOTICE[lang];

    // Home: the pinned announcement leads the strip, which opens the list.
    await page.goto('/');
    const strip = page.locator('.notice-strip');
    await expect.poll(() => strip.innerText()).toContain(notice.title);
    await screenshot(page, lang, 'home-notice');
    await strip.click();
    await page.waitForURL('**/notice');
    const first = page.locator('.announcement').first();
    await expect.poll(() => first.innerText()).toContain(notice.title);
    expect(await first.innerText()).toContain(notice.paragraph);
    await screenshot(page, lang, 'notices');

    // The announcement in full, with its heading and bullets as elements.
    await first.click();
    await page.waitForURL('**/noticedetail?id=*');
    await page.locator('.content-body li').first().waitFor();
    expect(await page.locator('.article__title').innerText()).toBe(notice.title);
    expect(await page.locator('.content-body h2').innerText()).toBe(notice.body.split('## ')[1]!.split('\n')[0]);
    expect(await page.locator('.content-body li').count()).toBe(2);
    await screenshot(page, lang, 'notice-detail');

    // Help centre and the risk disclosure.
    await page.goto('/bz');
    await page.getByRole('link', { name: RISK_TITLE[lang] }).waitFor();
    await screenshot(page, lang, 'help-centre');
    await page.getByRole('link', { name: RISK_TITLE[lang] }).click();
    await page.waitForURL('**/bz2?slug=risk-disclosure');
    await expect.poll(() => bodyText(page)).toContain(SIMULATED_LINE[lang]);
    await screenshot(page, lang, 'help-article');
    await context.close();
  }
});

test('the help centre opens from Mine, and the withdrawal article states the minimum in force', async () => {
  const context = await phoneContext(browser, 'en');
  await signInViaApi(context);
  const page = await context.newPage();
  await page.goto('/my');
  await page.getByRole('link', { name: 'Help centre' }).click();
  await page.waitForURL('**/bz');
  await page.getByRole('link', { name: 'How withdrawals work' }).click();
  await expect.poll(() => bodyText(page)).toMatch(/Minimum withdrawal: \d+(\.\d+)? USDT\./);
  expect(await bodyText(page)).not.toMatch(/\{[a-zA-Z]+\}/);
  await context.close();
});
