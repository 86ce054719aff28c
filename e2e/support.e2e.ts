import { LANGS, screenshot, signInWithToken } from './support/browser.js';
import { expect, test } from './support/fixtures.js';
import { t } from './support/messages.js';
import { title } from './support/ui.js';

// The back office is answered by an operator with the support role, not the owner.
test.use({ operatorRole: 'support' });

test('a user writes on /kf, an operator answers from the inbox, and the reply arrives live', async ({
  page,
  user,
  operator: office,
  newPhone,
}) => {
  await page.goto('/kf');
  await expect(page.getByText('Hello! How can we help?')).toBeVisible();

  const question = `Where is my deposit? ${Date.now() % 10_000}`;
  await page.getByLabel('Type a message').fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.chat__row--mine', { hasText: question })).toBeVisible();

  // The operator finds the conversation in the back office's inbox.
  await office.goto('/admin/support');
  await office.getByTestId('support-conversation').filter({ hasText: user.username }).click();
  await expect(office.getByText(question).first()).toBeVisible();

  const answer = 'It was confirmed a minute ago, please check your balance.';
  const reply = office.getByLabel('Write a reply (Enter sends, Shift+Enter for a new line)');
  // By its text, not its accessible name: when a send returns at once, antd's loading icon can stay
  // behind in its leave motion, and the button's name becomes "loading Send".
  const send = office.locator('button', { hasText: /^Send$/ });
  await reply.fill(answer);
  await send.click();
  await expect(office.getByTestId('support-message').filter({ hasText: answer })).toBeVisible();

  // No reload on the phone: the answer comes over the socket.
  await screenshot(page, 'en', 'kf', [
    title(page, t('en', 'support.title')),
    page.locator('.chat__row--theirs', { hasText: answer }),
  ]);

  // And the other way: the user's next message appears in the open conversation without a reload.
  await expect(office.getByText('Live updates are reconnecting')).toBeHidden();
  await page.getByLabel('Type a message').fill('Found it, thank you!');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await screenshot(office, 'admin', 'support-inbox', [
    office.getByRole('heading', { name: 'Support inbox', exact: true }),
    office.getByTestId('support-message').filter({ hasText: 'Found it, thank you!' }),
  ]);

  // Away from the chat, a new answer shows as a badge on the support tab.
  await page.getByText('Markets', { exact: true }).click();
  await expect(page).toHaveURL(/\/hq$/);
  await reply.fill('You are welcome!');
  await send.click();
  await expect(page.locator('.tabbar .adm-badge')).toContainText('1');
  await page.getByText('Support', { exact: true }).click();
  await expect(page.locator('.chat__row--theirs', { hasText: 'You are welcome!' })).toBeVisible();
  await expect(page.locator('.tabbar .adm-badge')).toHaveCount(0);

  // The conversation persisted: the same chat in the other languages.
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    const other = await newPhone(lang);
    await signInWithToken(other, user.token);
    const view = await other.newPage();
    await view.goto('/kf');
    await screenshot(view, lang, 'kf', [title(view, t(lang, 'support.title')), view.getByText(answer)]);
  }

  // Signed out, the chat opens for a visitor.
  const visitor = await (await newPhone('en')).newPage();
  await visitor.goto('/kf');
  await screenshot(visitor, 'en', 'kf-signed-out', visitor.getByText('Hello! How can we help?'));
});
