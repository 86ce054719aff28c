import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { products } from './markets.tables.js';
import { TestMarket } from './markets.test-support.js';

/**
 * Product names in three languages: the user API answers the name in the request's language (its
 * Accept-Language), English where that language is not written, with all three in `nameI18n`; the
 * back office edits all three, audited, and bad names are refused in the request's language.
 */
let t: TestApp;
let market: TestMarket;
let content: string;

beforeAll(async () => {
  t = await createTestApp();
  market = await TestMarket.start(t.database, 'product-names-test', { events: t.app.events });
  market.recordEntries();
  content = (await adminWithRole(t, 'content')).token;
});
afterAll(async () => {
  await market?.stop();
  await t?.close();
});

type Lang = 'en' | 'vn' | 'zn';
const post = (url: string, body: unknown, lang?: Lang, token?: string) =>
  call(t.app, 'POST', url, body, { lang, token });
const patchProduct = (symbol: string, body: unknown, lang: Lang = 'en') =>
  call(t.app, 'PATCH', `/api/admin/products/${symbol}`, body, { token: content, lang });
const bySymbol = (list: Array<{ symbol: string }>, symbol: string) => list.find((q) => q.symbol === symbol);

const GOLD = { en: 'Gold', vn: 'Vàng', zn: '黃金' };

describe('the user API answers product names in the request language', () => {
  test('product/list and product/details: zn, vn and en names, all three in nameI18n', async () => {
    for (const [lang, name] of Object.entries(GOLD) as Array<[Lang, string]>) {
      const list = await post('/api/product/list', { category: 'metal' }, lang);
      expect(bySymbol(list.data, 'XAUUSD'), lang).toMatchObject({ name, nameI18n: GOLD });
      const details = await post('/api/product/details', { symbol: 'XAUUSD' }, lang);
      expect(details.data, lang).toMatchObject({ name, nameI18n: GOLD });
    }
    // No language asked: the default, Traditional Chinese (DESIGN.md 4).
    expect(bySymbol((await post('/api/product/list', {})).data, 'BTCUSDT')).toMatchObject({ name: '比特幣' });
    // Browsers' own tags map too.
    const vi = await call(t.app, 'POST', '/api/product/list', {}, { headers: { 'accept-language': 'vi-VN,vi;q=0.9' } });
    expect(bySymbol(vi.data, 'EURUSD')).toMatchObject({ name: 'Euro / Đô la Mỹ' });
  });

  test('every seeded product has its three names written', async () => {
    const rows = await t.database.db.select().from(products);
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      expect(row.nameI18n.en, row.symbol).toBe(row.name);
      expect(row.nameI18n.vn, row.symbol).not.toBe('');
      expect(row.nameI18n.zn, row.symbol).not.toBe('');
    }
  });

  test('orders carry the product name in the request language (positions, records, detail)', async () => {
    const u = await walletUser(t);
    await fund(t, u, '1000', (await adminWithRole(t, 'finance')).token);
    const placed = await post(
      '/api/order/create',
      { symbol: 'XAUUSD', direction: 'up', amount: '20', period: 30 },
      'zn',
      u.token,
    );
    expect(placed.data).toMatchObject({ productName: '黃金', productNameI18n: GOLD });
    const held = await post('/api/order/hold_list', {}, 'vn', u.token);
    expect(held.data[0]).toMatchObject({ symbol: 'XAUUSD', productName: 'Vàng', productNameI18n: GOLD });
    const detail = await post('/api/order/detail', { id: placed.data.id }, 'en', u.token);
    expect(detail.data).toMatchObject({ productName: 'Gold' });
    const onProduct = await post('/api/product/orders', { symbol: 'XAUUSD' }, 'zn', u.token);
    expect(onProduct.data[0]).toMatchObject({ productName: '黃金' });
  });
});

describe('the back office edits the three names', () => {
  test('an edit of all three is saved, audited before and after, and answered per language; an empty vn or zn falls back to English', async () => {
    const r = await patchProduct('XPTUSD', { nameI18n: { en: ' Platinum spot ', vn: 'Bạch kim giao ngay', zn: '' } });
    expect(r.code).toBe(0);
    // The back office sees the names as stored: zn not written.
    expect(r.data).toMatchObject({
      name: 'Platinum spot',
      nameI18n: { en: 'Platinum spot', vn: 'Bạch kim giao ngay', zn: '' },
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.symbol, 'XPTUSD'));
    expect(row).toMatchObject({
      name: 'Platinum spot',
      nameI18n: { en: 'Platinum spot', vn: 'Bạch kim giao ngay', zn: '' },
    });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.targetId, 'XPTUSD')))
      .orderBy(desc(auditLog.id));
    expect(audit!.before).toMatchObject({ name: 'Platinum', nameI18n: { en: 'Platinum', vn: 'Bạch kim', zn: '鉑金' } });
    expect(audit!.after).toMatchObject({ nameI18n: { en: 'Platinum spot', vn: 'Bạch kim giao ngay', zn: '' } });

    const zn = bySymbol((await post('/api/product/list', {}, 'zn')).data, 'XPTUSD');
    expect(zn).toMatchObject({
      name: 'Platinum spot',
      nameI18n: { en: 'Platinum spot', vn: 'Bạch kim giao ngay', zn: 'Platinum spot' },
    });
    expect(bySymbol((await post('/api/product/list', {}, 'vn')).data, 'XPTUSD')).toMatchObject({
      name: 'Bạch kim giao ngay',
    });

    // The English `name` alone (the older back office) changes English only.
    const english = await patchProduct('XPTUSD', { name: 'Platinum' });
    expect(english.data.nameI18n).toEqual({ en: 'Platinum', vn: 'Bạch kim giao ngay', zn: '' });
  });

  test('an empty English name or a name too long is refused in the request language and changes nothing', async () => {
    const before = await t.database.db.select().from(products).where(eq(products.symbol, 'XAGUSD'));
    const empty = await patchProduct('XAGUSD', { nameI18n: { en: '  ', vn: 'Bạc', zn: '白銀' } }, 'zn');
    expect([empty.status, empty.code]).toEqual([400, 1001]);
    expect(empty.data.fields).toEqual({ 'nameI18n.en': '請輸入商品的英文名稱' });
    const long = await patchProduct('XAGUSD', { nameI18n: { en: 'Silver', vn: 'B'.repeat(65), zn: '' } }, 'vn');
    expect(long.status).toBe(400);
    expect(long.data.fields).toEqual({ 'nameI18n.vn': 'Tên sản phẩm tối đa 64 ký tự' });
    const missing = await patchProduct('XAGUSD', { nameI18n: { vn: 'Bạc' } }, 'en');
    expect(missing.data.fields).toEqual({ 'nameI18n.en': 'Please enter the product name in English' });
    const unknown = await patchProduct('XAGUSD', { nameI18n: { en: 'Silver', fr: 'Argent' } }, 'en');
    expect(unknown.status).toBe(400);
    expect(await t.database.db.select().from(products).where(eq(products.symbol, 'XAGUSD'))).toEqual(before);
  });
});
