import type { Page } from '@playwright/test';
import { LANGS, type Lang, screenshot } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { body, expectNoMotion, title } from './support/ui.js';

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
async function publishAnnouncement(page: Page) {
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
  await expect(drawer.getByRole('switch', { name: 'Published (visible to users)' })).toBeChecked();
  await expect(drawer.getByRole('switch', { name: 'Pinned to the top' })).toBeChecked();
  // The last language's tab is open, filled in.
  await expect(drawer.getByLabel('Title (zn)')).toHaveValue(NOTICE.zn.title);
  await expectNoMotion(page);
  await screenshot(page, 'admin', 'notice-editor', [
    drawer.getByLabel('Title (zn)'),
    drawer.getByRole('button', { name: 'Save' }),
  ]);
  await drawer.getByRole('button', { name: 'Save' }).click();
  const row = page.locator('.ant-table-row', { hasText: NOTICE.en.title });
  await expect(row).toContainText('EN · VN · ZN');
  await expectNoMotion(page); // the drawer has closed
  await screenshot(page, 'admin', 'notices', row);
}

test.describe(() => {
  test.use({ operatorViewport: { width: 1280, height: 900 } });

  test('an operator publishes an announcement; users read it on home, in the list and in full; help pages in three languages', async ({
    operator,
    newPhone,
  }) => {
    await publishAnnouncement(operator);

    for (const lang of LANGS) {
      const page = await (await newPhone(lang)).newPage();
      const notice = NOTICE[lang];

      // Home: the pinned announcement leads the strip, which opens the list.
      await page.goto('/');
      const strip = page.locator('.notice-strip');
      await expect(strip).toContainText(notice.title);
      await screenshot(page, lang, 'home-notice', strip);
      await strip.click();
      await expect(page).toHaveURL(/\/notice$/);
      const first = page.locator('.announcement').first();
      await expect(first).toContainText(notice.title);
      await expect(first).toContainText(notice.paragraph);
      await screenshot(page, lang, 'notices', [title(page, t(lang, 'content.noticesTitle')), first]);

      // The announcement in full, with its heading and bullets as elements.
      await first.click();
      await expect(page).toHaveURL(/\/noticedetail\?id=/);
      await expect(page.locator('.article__title')).toHaveText(notice.title);
      await expect(page.locator('.content-body h2')).toHaveText(notice.body.split('## ')[1]!.split('\n')[0]!);
      await expect(page.locator('.content-body li')).toHaveCount(2);
      await screenshot(page, lang, 'notice-detail', [
        page.locator('.article__title'),
        page.locator('.content-body li').first(),
      ]);

      // Help centre and the risk disclosure.
      await page.goto('/bz');
      await screenshot(page, lang, 'help-centre', [
        title(page, t(lang, 'content.helpTitle')),
        page.getByRole('link', { name: RISK_TITLE[lang] }),
      ]);
      await page.getByRole('link', { name: RISK_TITLE[lang] }).click();
      await expect(page).toHaveURL(/\/bz2\?slug=risk-disclosure$/);
      await expect(body(page)).toContainText(SIMULATED_LINE[lang]);
      await screenshot(page, lang, 'help-article', [
        title(page, t(lang, 'content.articleTitle')),
        page.getByText(SIMULATED_LINE[lang]).first(),
      ]);
    }
  });
});

test('the help centre opens from Mine, and the withdrawal article states the minimum in force', async ({
  page,
  user: _signedIn,
}) => {
  await page.goto('/my');
  await page.getByRole('link', { name: 'Help centre' }).click();
  await expect(page).toHaveURL(/\/bz$/);
  await page.getByRole('link', { name: 'How withdrawals work' }).click();
  await expect(body(page)).toContainText(/Minimum withdrawal: \d+(\.\d+)? USDT\./);
  await expect(body(page)).not.toContainText(/\{[a-zA-Z]+\}/);
});
