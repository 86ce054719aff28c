import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { wealthProducts } from './wealth.tables.js';
import { fundedWealthUser, insertWealthProduct, PAY, productRow } from './wealth.test-support.js';

/**
 * Locked-deposit product names in three languages: the user API answers the request's language
 * (English where it is not written), with all three in `nameI18n`; orders keep the names they were
 * sold under; the back office creates and edits all three, audited; bad names change nothing.
 */
let t: TestApp;
let content: string;
beforeAll(async () => {
  t = await createTestApp();
  content = (await adminWithRole(t, 'content')).token;
});
afterAll(async () => t.close());

type Lang = 'en' | 'vn' | 'zn';
const M = 1_000_000n;
const post = (url: string, body: unknown, lang?: Lang, token?: string) =>
  call(t.app, 'POST', url, body, { lang, token });
const admin = (method: 'POST' | 'PATCH', url: string, body: unknown, lang: Lang = 'en') =>
  call(t.app, method, `/api/admin/wealth/products${url}`, body, { token: content, lang });

const STEADY = { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7天穩健' };

describe('the user API answers earn product names in the request language', () => {
  test('wealth/getList and wealth/details: the seeded products in zn, vn and en', async () => {
    for (const [lang, name] of Object.entries(STEADY) as Array<[Lang, string]>) {
      const list = await post('/api/wealth/getList', {}, lang);
      const steady = list.data.find(
        (p: { cycleDays: number; nameI18n: { en: string } }) => p.nameI18n.en === STEADY.en,
      );
      expect(steady, lang).toMatchObject({ name, nameI18n: STEADY, cycleDays: 7 });
      const details = await call(t.app, 'GET', `/api/wealth/details?id=${steady.id}`, undefined, { lang });
      expect(details.data, lang).toMatchObject({ name, nameI18n: STEADY });
    }
    const zn = (await post('/api/wealth/getList', {}, 'zn')).data.map((p: { name: string }) => p.name);
    expect(zn).toEqual(expect.arrayContaining(['USDT 7天穩健', 'USDT 30天成長', 'USDT 90天尊享']));
  });

  test('a product written in English only answers English in zn and vn', async () => {
    const product = await insertWealthProduct(t, { name: 'USDT Test Only English' });
    for (const lang of ['zn', 'vn'] as const) {
      const details = await call(t.app, 'GET', `/api/wealth/details?id=${product.id}`, undefined, { lang });
      expect(details.data).toMatchObject({
        name: 'USDT Test Only English',
        nameI18n: { en: 'USDT Test Only English', vn: 'USDT Test Only English', zn: 'USDT Test Only English' },
      });
    }
  });

  test('the quote, the purchase and the earn records carry the name in the request language, as sold', async () => {
    const product = await insertWealthProduct(t, { nameI18n: { en: 'USDT 3-Day', vn: 'USDT 3 ngày', zn: 'USDT 3天' } });
    const u = await fundedWealthUser(t, 1_000n * M);
    const body = { productId: String(product.id), amount: '100' };
    expect((await post('/api/wealth/buy', body, 'vn', u.token)).data).toMatchObject({ productName: 'USDT 3 ngày' });
    const bought = await post('/api/wealth/submit', { ...body, payPassword: PAY }, 'zn', u.token);
    expect(bought.data).toMatchObject({ productName: 'USDT 3天', productNameI18n: { zn: 'USDT 3天' } });

    // A later rename does not rename what was sold.
    await admin('PATCH', `/${product.id}`, { nameI18n: { en: 'USDT 3-Day New', vn: '', zn: 'USDT 3天新' } });
    const records = await post('/api/wealth/orders', {}, 'zn', u.token);
    expect(records.data.list[0]).toMatchObject({
      productName: 'USDT 3天',
      productNameI18n: { en: 'USDT 3-Day', vn: 'USDT 3 ngày', zn: 'USDT 3天' },
    });
    expect((await post('/api/wealth/orders', {}, 'en', u.token)).data.list[0].productName).toBe('USDT 3-Day');
  });
});

describe('the back office edits the three names', () => {
  const terms = { cycleDays: 14, dailyRate: '0.00035', minAmount: '50', maxPerUser: '1000', quotaTotal: '200' };

  test('create and edit with three names, audited; an empty vn or zn falls back to English in the app', async () => {
    const created = await admin('POST', '', {
      ...terms,
      nameI18n: { en: 'USDT 14-Day', vn: 'USDT 14 ngày', zn: '' },
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      name: 'USDT 14-Day',
      nameI18n: { en: 'USDT 14-Day', vn: 'USDT 14 ngày', zn: '' },
    });
    const id = created.data.id;
    const zn = await call(t.app, 'GET', `/api/wealth/details?id=${id}`, undefined, { lang: 'zn' });
    expect(zn.data.name).toBe('USDT 14-Day');

    const edited = await admin('PATCH', `/${id}`, {
      nameI18n: { en: 'USDT 14-Day', vn: 'USDT 14 ngày', zn: 'USDT 14天' },
    });
    expect(edited.data.nameI18n).toEqual({ en: 'USDT 14-Day', vn: 'USDT 14 ngày', zn: 'USDT 14天' });
    expect((await productRow(t, Number(id))).nameI18n).toEqual({
      en: 'USDT 14-Day',
      vn: 'USDT 14 ngày',
      zn: 'USDT 14天',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wealth_product.update'), eq(auditLog.targetId, id)))
      .orderBy(desc(auditLog.id));
    expect(audit!.before).toMatchObject({ nameI18n: { zn: '' } });
    expect(audit!.after).toMatchObject({ nameI18n: { zn: 'USDT 14天' } });
    const written = await call(t.app, 'GET', `/api/wealth/details?id=${id}`, undefined, { lang: 'zn' });
    expect(written.data.name).toBe('USDT 14天');

    // The English name alone (the older back office) still creates a product, English only.
    const older = await admin('POST', '', { ...terms, name: 'USDT 15-Day' });
    expect(older.data.nameI18n).toEqual({ en: 'USDT 15-Day', vn: '', zn: '' });
  });

  test('an empty English name or a name too long is refused in the request language and changes nothing', async () => {
    const product = await insertWealthProduct(t);
    const before = await productRow(t, product.id);
    const count = async () => (await t.database.db.select().from(wealthProducts)).length;
    const products = await count();

    const noName = await admin('POST', '', terms, 'zn');
    expect(noName.status).toBe(400);
    expect(noName.data.fields).toEqual({ 'nameI18n.en': '請輸入商品的英文名稱' });
    const emptyEn = await admin('POST', '', { ...terms, nameI18n: { en: ' ', vn: 'x', zn: 'y' } }, 'vn');
    expect(emptyEn.data.fields).toEqual({ 'nameI18n.en': 'Vui lòng nhập tên sản phẩm bằng tiếng Anh' });
    expect(await count()).toBe(products);

    const long = await admin('PATCH', `/${product.id}`, { nameI18n: { en: 'Ok', vn: '', zn: '長'.repeat(65) } }, 'zn');
    expect([long.status, long.data.fields]).toEqual([400, { 'nameI18n.zn': '商品名稱最多 64 個字元' }]);
    expect(await productRow(t, product.id)).toEqual(before);
  });
});
