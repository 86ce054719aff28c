import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrationsFolder } from '../../db/client.js';

/**
 * Migration 0016 on a database from before it (products, locked-deposit products and an order
 * already there): the seeded products get their vn and zn names, a product an operator renamed keeps
 * its English name only, and an order keeps the names of what it was sold as.
 */
let db: PGlite;
const sqlOf = (file: string) => readFileSync(path.join(migrationsFolder(), file), 'utf8');
const migrations = readdirSync(migrationsFolder())
  .filter((file) => /^\d{4}_.*\.sql$/.test(file))
  .sort();

beforeAll(async () => {
  db = new PGlite();
  for (const file of migrations.filter((f) => f < '0016')) await db.exec(sqlOf(file));
  await db.exec(`
    INSERT INTO products (symbol, name, category, price_precision, volatility, start_price, periods, fee_rate_bp)
    VALUES ('XAUUSD', 'Gold', 'metal', 2, 0.15, 1, '[]', 100),
           ('XAGUSD', 'Silver spot', 'metal', 3, 0.28, 1, '[]', 100);
    INSERT INTO wealth_orders (user_id, product_id, product_name, amount, cycle_days, daily_rate_ppm,
      daily_interest, purchase_date, next_payout_date, request_key)
    SELECT 1, id, name, 100000000, 7, 300, 30000, '2026-01-01', '2026-01-02', 'k1'
    FROM wealth_products WHERE name = 'USDT 7-Day Steady';
  `);
  await db.exec(sqlOf(migrations.find((f) => f.startsWith('0016'))!));
}, 60_000);
afterAll(async () => db?.close());

test('seeded products get their three names; a renamed one keeps English only', async () => {
  const { rows } = await db.query<{ symbol: string; name_i18n: unknown }>(
    'SELECT symbol, name_i18n FROM products ORDER BY symbol',
  );
  expect(rows).toEqual([
    { symbol: 'XAGUSD', name_i18n: { en: 'Silver spot', vn: '', zn: '' } },
    { symbol: 'XAUUSD', name_i18n: { en: 'Gold', vn: 'Vàng', zn: '黃金' } },
  ]);
});

test('the seeded locked-deposit products and their orders get their three names', async () => {
  const products = await db.query<{ name_i18n: unknown }>('SELECT name_i18n FROM wealth_products ORDER BY sort');
  expect(products.rows.map((r) => r.name_i18n)).toEqual([
    { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7天穩健' },
    { en: 'USDT 30-Day Growth', vn: 'USDT 30 ngày tăng trưởng', zn: 'USDT 30天成長' },
    { en: 'USDT 90-Day Premium', vn: 'USDT 90 ngày cao cấp', zn: 'USDT 90天尊享' },
  ]);
  const orders = await db.query<{ product_name_i18n: unknown }>('SELECT product_name_i18n FROM wealth_orders');
  expect(orders.rows).toEqual([
    { product_name_i18n: { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7天穩健' } },
  ]);
});
