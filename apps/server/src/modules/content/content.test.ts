import { RISK_DISCLOSURE_SLUG } from '@app/contract/content';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole, ownerToken } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { helpArticles, notices } from './content.tables.js';
import { seedContent } from './content-seed.js';
import { SEED_HELP_ARTICLES } from './help-articles.seed.js';

let t: TestApp;
let content: string;
let finance: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  content = (await adminWithRole(t, 'content')).token;
  finance = (await adminWithRole(t, 'finance')).token;
  support = (await adminWithRole(t, 'support')).token;
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const send = (method: Method, url: string, body?: unknown, token?: string, lang = 'en') =>
  call(t.app, method, url, body, { token, lang });
const text = (en: string, vn: string, zn: string) => ({ en, vn, zn });

async function createNotice(overrides: Record<string, unknown> = {}) {
  const r = await send(
    'POST',
    '/api/admin/notices',
    {
      title: text('Maintenance', 'Bảo trì', '維護公告'),
      body: text('We upgrade on Sunday.\n\nNothing to do.', 'Nâng cấp vào Chủ nhật.', '週日升級。'),
      published: true,
      ...overrides,
    },
    content,
  );
  expect(r.code, JSON.stringify(r.data)).toBe(0);
  return r.data as { id: string };
}

async function deleteNotice(id: string, token = content) {
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/admin/notices/${id}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  return { status: response.statusCode, ...JSON.parse(response.body) };
}

/** Clears every notice so each test sees only its own. */
async function withoutNotices() {
  await t.database.db.delete(notices);
}

describe('public announcements', () => {
  test('answer in the request language, with each language served from its own column', async () => {
    await withoutNotices();
    const { id } = await createNotice();
    for (const [lang, title, body] of [
      ['en', 'Maintenance', 'We upgrade on Sunday.\n\nNothing to do.'],
      ['vn', 'Bảo trì', 'Nâng cấp vào Chủ nhật.'],
      ['zn', '維護公告', '週日升級。'],
      ['zh-TW', '維護公告', '週日升級。'],
    ] as const) {
      const list = await send('GET', '/api/common/notice', undefined, undefined, lang);
      expect(list.status).toBe(200);
      expect(list.data.total).toBe(1);
      expect(list.data.list[0]).toMatchObject({ id, title, pinned: false });
      const detail = await send('GET', `/api/common/notice/${id}`, undefined, undefined, lang);
      expect(detail.data).toMatchObject({ id, title, body });
    }
    const en = await send('GET', '/api/common/notice');
    expect(en.data.list[0].summary).toBe('We upgrade on Sunday.');
    expect(en.data.list[0].body).toBeUndefined();
  });

  test('an empty language falls back to another complete one and says which', async () => {
    await withoutNotices();
    const { id } = await createNotice({ title: text('', '', '只有中文'), body: text('', '', '只有中文的內容') });
    const vn = await send('GET', `/api/common/notice/${id}`, undefined, undefined, 'vn');
    expect(vn.data).toMatchObject({ title: '只有中文', body: '只有中文的內容', lang: 'zn' });

    const { id: enOnly } = await createNotice({ title: text('English only', '', ''), body: text('Text', '', '') });
    const zn = await send('GET', `/api/common/notice/${enOnly}`, undefined, undefined, 'zn');
    expect(zn.data).toMatchObject({ title: 'English only', lang: 'en' });
  });

  test('unpublished and deleted notices are invisible; pinned come first, then the newest', async () => {
    await withoutNotices();
    const old = await createNotice({ title: text('Old', '', ''), body: text('a', '', '') });
    const draft = await createNotice({ title: text('Draft', '', ''), body: text('b', '', ''), published: false });
    const pinned = await createNotice({ title: text('Pinned', '', ''), body: text('c', '', ''), pinned: true });
    const newest = await createNotice({ title: text('Newest', '', ''), body: text('d', '', '') });
    const gone = await createNotice({ title: text('Gone', '', ''), body: text('e', '', '') });
    expect((await deleteNotice(gone.id)).code).toBe(0);

    const list = await send('GET', '/api/common/notice');
    expect(list.data.list.map((n: { title: string }) => n.title)).toEqual(['Pinned', 'Newest', 'Old']);
    expect(list.data.total).toBe(3);
    expect((await send('GET', `/api/common/notice/${draft.id}`)).status).toBe(404);
    const goneDetail = await send('GET', `/api/common/notice/${gone.id}`);
    expect(goneDetail).toMatchObject({ status: 404, msg: 'This announcement does not exist' });

    const page2 = await send('GET', '/api/common/notice?page=2&pageSize=2');
    expect(page2.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.data.list.map((n: { id: string }) => n.id)).toEqual([old.id]);

    // Publishing the draft later puts it above older ones; unpinning drops the pinned one to its date.
    await send('PATCH', `/api/admin/notices/${draft.id}`, { published: true }, content);
    await send('PATCH', `/api/admin/notices/${pinned.id}`, { pinned: false }, content);
    const after = await send('GET', '/api/common/notice');
    expect(after.data.list.map((n: { id: string }) => n.id)).toEqual([draft.id, newest.id, pinned.id, old.id]);
  });

  test('bad paging is a 400 naming the field; the list carries an ETag and answers 304 to it', async () => {
    const bad = await send('GET', '/api/common/notice?pageSize=500');
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toEqual({ pageSize: 'The page size must be 1 to 100' });
    expect((await send('GET', '/api/common/notice/abc')).status).toBe(400);

    const first = await send('GET', '/api/common/notice');
    const etag = first.response.headers.etag as string;
    expect(etag).toMatch(/-en"$/);
    const again = await call(t.app, 'GET', '/api/common/notice', undefined, {
      lang: 'en',
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // An edit shows at once in this process (the cache is cleared), with a new tag.
    await createNotice({ title: text('Fresh', '', ''), body: text('f', '', '') });
    const changed = await send('GET', '/api/common/notice');
    expect(changed.response.headers.etag).not.toBe(etag);
    expect(changed.data.list.map((n: { title: string }) => n.title)).toContain('Fresh');
  });
});

describe('back office of announcements', () => {
  test('only content and owners may manage them: other roles get 403, nobody signed in 401', async () => {
    const body = { title: text('x', '', ''), body: text('y', '', '') };
    for (const token of [finance, support]) {
      expect((await send('GET', '/api/admin/notices', undefined, token)).status).toBe(403);
      expect((await send('POST', '/api/admin/notices', body, token)).status).toBe(403);
      expect((await send('PATCH', '/api/admin/notices/1', { pinned: true }, token)).status).toBe(403);
      expect((await deleteNotice('1', token)).status).toBe(403);
    }
    expect((await send('POST', '/api/admin/notices', body)).status).toBe(401);
    const owner = await ownerToken(t);
    expect((await send('POST', '/api/admin/notices', body, owner)).code).toBe(0);
  });

  test('validation names each bad field and writes nothing', async () => {
    await withoutNotices();
    const cases: [unknown, Record<string, string>][] = [
      [
        { title: text('', '', ''), body: text('', '', '') },
        { 'title.en': 'Enter the title and text in at least one language' },
      ],
      [
        { title: text('Title', 'Tiêu đề', ''), body: text('Body', '', '') },
        { 'body.vn': 'This title needs its text in the same language' },
      ],
      [
        { title: text('Title', '', ''), body: text('Body', '', 'only text') },
        { 'title.zn': 'This text needs a title in the same language' },
      ],
      [{ title: text('x'.repeat(121), '', ''), body: text('Body', '', '') }, { 'title.en': 'This text is too long' }],
      [{ title: text('T', '', ''), body: text('B', '', ''), colour: 'red' }, { colour: 'Unknown field' }],
      [{ title: text('T', '', ''), body: text('B', '', ''), pinned: 'yes' }, { pinned: 'This value is not valid' }],
    ];
    for (const [body, fields] of cases) {
      const r = await send('POST', '/api/admin/notices', body, content);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.data.fields).toMatchObject(fields);
    }
    expect(await t.database.db.select().from(notices)).toHaveLength(0);
    const missing = await send('PATCH', '/api/admin/notices/999999', { pinned: true }, content);
    expect(missing).toMatchObject({ status: 404 });
  });

  test('each change writes an audit row with before and after; publishing keeps the first date', async () => {
    await withoutNotices();
    const created = await createNotice({ published: false });
    expect(created).toMatchObject({ published: false, publishedAt: null, pinned: false });

    const published = await send('PATCH', `/api/admin/notices/${created.id}`, { published: true }, content);
    expect(published.data.publishedAt).not.toBeNull();
    await send('PATCH', `/api/admin/notices/${created.id}`, { published: false }, content);
    const republished = await send('PATCH', `/api/admin/notices/${created.id}`, { published: true }, content);
    expect(republished.data.publishedAt).toBe(published.data.publishedAt);

    const edited = await send(
      'PATCH',
      `/api/admin/notices/${created.id}`,
      { title: text('New title', '', ''), body: text('New body', '', ''), pinned: true },
      content,
    );
    expect(edited.data).toMatchObject({ pinned: true, title: text('New title', '', '') });
    expect((await deleteNotice(created.id)).code).toBe(0);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'notice'), eq(auditLog.targetId, created.id)))
      .orderBy(desc(auditLog.id));
    expect(rows.map((r) => r.action)).toEqual([
      'notice.delete',
      'notice.update',
      'notice.publish',
      'notice.unpublish',
      'notice.publish',
      'notice.create',
    ]);
    expect(rows[1]!.before).toMatchObject({ pinned: false, title: { en: 'Maintenance' } });
    expect(rows[1]!.after).toMatchObject({ pinned: true, title: { en: 'New title', vn: '' } });
    expect(rows[1]!.adminUsername).toMatch(/^content/);

    const list = await send('GET', '/api/admin/notices', undefined, content);
    expect(list.data.list.find((n: { id: string }) => n.id === created.id)).toBeUndefined();
  });
});

describe('help centre', () => {
  test('seeding adds every article in three languages once, and keeps operators’ edits', async () => {
    await seedContent(t.database.db);
    await seedContent(t.database.db);
    const rows = await t.database.db.select().from(helpArticles);
    expect(rows).toHaveLength(SEED_HELP_ARTICLES.length);
    for (const row of rows)
      for (const lang of ['en', 'vn', 'zn'] as const) expect(row.body[lang].length).toBeGreaterThan(50);
    const welcome = await t.database.db.select().from(notices).where(eq(notices.seedKey, 'welcome'));
    expect(welcome).toHaveLength(1);
  });

  test('the list groups published articles by category in each language', async () => {
    await seedContent(t.database.db);
    const en = await send('GET', '/api/help/articles');
    const slugs = en.data.map((a: { slug: string }) => a.slug);
    expect(slugs).toContain(RISK_DISCLOSURE_SLUG);
    expect(slugs.indexOf('how-deposits-work')).toBeLessThan(slugs.indexOf('settlement-rule'));
    expect(slugs.at(-1)).toBe(RISK_DISCLOSURE_SLUG);
    const zn = await send('GET', '/api/help/articles', undefined, undefined, 'zn');
    expect(zn.data.find((a: { slug: string }) => a.slug === RISK_DISCLOSURE_SLUG).title).toBe('風險揭示');
    const vn = await send('GET', '/api/help/articles', undefined, undefined, 'vn');
    expect(vn.data.find((a: { slug: string }) => a.slug === 'fees').title).toBe('Các loại phí');
  });

  test('an article fills the settings in force into its text', async () => {
    await seedContent(t.database.db);
    const r = await send('GET', '/api/help/article?slug=how-withdrawals-work');
    expect(r.data.title).toBe('How withdrawals work');
    expect(r.data.body).toContain('Minimum withdrawal: 10 USDT.');
    expect(r.data.body).toContain('Fee: 1 USDT plus 0.5% of the amount');
    expect(r.data.body).toContain('At most 3 withdrawal requests per day.');
    expect(r.data.body).not.toMatch(/\{[a-zA-Z]+\}/);
    const zn = await send('GET', '/api/help/article?slug=how-withdrawals-work', undefined, undefined, 'zn');
    expect(zn.data.body).toContain('最低提現金額：10 USDT。');
  });

  test('unknown, unpublished and malformed slugs are refused clearly', async () => {
    expect(await send('GET', '/api/help/article?slug=nope')).toMatchObject({
      status: 404,
      msg: 'This help article does not exist',
    });
    const bad = await send('GET', '/api/help/article?slug=Bad%20Slug');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fields)).toEqual(['slug']);
    expect((await send('GET', '/api/help/article')).status).toBe(400);
  });

  test('content operators create, edit and publish articles, with audit rows; others get 403', async () => {
    const body = {
      slug: 'card-limits',
      category: 'wallet',
      sort: 30,
      title: text('Card limits', 'Hạn mức thẻ', '銀行卡限額'),
      body: text('Your bank may limit transfers.', 'Ngân hàng có thể giới hạn.', '銀行可能限制轉帳。'),
    };
    expect((await send('POST', '/api/admin/help-articles', body, finance)).status).toBe(403);
    expect((await send('GET', '/api/admin/help-articles', undefined, support)).status).toBe(403);

    const created = await send('POST', '/api/admin/help-articles', body, content);
    expect(created.data).toMatchObject({ slug: 'card-limits', published: false });
    expect((await send('GET', '/api/help/article?slug=card-limits')).status).toBe(404);
    expect((await send('POST', '/api/admin/help-articles', body, content)).status).toBe(409);

    const published = await send('PATCH', `/api/admin/help-articles/${created.data.id}`, { published: true }, content);
    expect(published.data.published).toBe(true);
    const zn = await send('GET', '/api/help/article?slug=card-limits', undefined, undefined, 'zn');
    expect(zn.data).toMatchObject({ title: '銀行卡限額', body: '銀行可能限制轉帳。', category: 'wallet' });

    const taken = await send('PATCH', `/api/admin/help-articles/${created.data.id}`, { slug: 'fees' }, content);
    expect(taken.status).toBe(409);
    const badCategory = await send(
      'PATCH',
      `/api/admin/help-articles/${created.data.id}`,
      { category: 'gossip' },
      content,
    );
    expect(badCategory.data.fields).toEqual({ category: 'Choose a category' });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'help_article'), eq(auditLog.targetId, created.data.id)))
      .orderBy(desc(auditLog.id));
    expect(audit.map((r) => r.action)).toEqual(['help_article.update', 'help_article.create']);
    expect(audit[0]!.before).toMatchObject({ published: false });
    expect(audit[0]!.after).toMatchObject({ published: true });
  });
});
