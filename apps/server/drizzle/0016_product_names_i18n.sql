-- Product names in the three languages (en, vn, zn), stored as announcements store their texts:
-- jsonb { en, vn, zn }, an empty string being a language not written yet (read as the English name).
-- Existing rows get their English name; the seeded products, while they still carry their seeded
-- English name, get their Vietnamese and Chinese names too (a renamed product keeps English only).
ALTER TABLE "products" ADD COLUMN "name_i18n" jsonb;--> statement-breakpoint
UPDATE "products" SET "name_i18n" = jsonb_build_object('en', "name", 'vn', '', 'zn', '');--> statement-breakpoint
UPDATE "products" p SET "name_i18n" = jsonb_build_object('en', p."name", 'vn', t.vn, 'zn', t.zn)
FROM (VALUES
	('AAPL', 'Apple', 'Apple', '蘋果'),
	('MSFT', 'Microsoft', 'Microsoft', '微軟'),
	('NVDA', 'NVIDIA', 'NVIDIA', '輝達'),
	('TSLA', 'Tesla', 'Tesla', '特斯拉'),
	('AMZN', 'Amazon', 'Amazon', '亞馬遜'),
	('EURUSD', 'Euro / US Dollar', 'Euro / Đô la Mỹ', '歐元 / 美元'),
	('GBPUSD', 'British Pound / US Dollar', 'Bảng Anh / Đô la Mỹ', '英鎊 / 美元'),
	('USDJPY', 'US Dollar / Japanese Yen', 'Đô la Mỹ / Yên Nhật', '美元 / 日圓'),
	('AUDUSD', 'Australian Dollar / US Dollar', 'Đô la Úc / Đô la Mỹ', '澳幣 / 美元'),
	('USDCHF', 'US Dollar / Swiss Franc', 'Đô la Mỹ / Franc Thụy Sĩ', '美元 / 瑞士法郎'),
	('BTCUSDT', 'Bitcoin', 'Bitcoin', '比特幣'),
	('ETHUSDT', 'Ethereum', 'Ethereum', '以太坊'),
	('BNBUSDT', 'BNB', 'BNB', '幣安幣'),
	('SOLUSDT', 'Solana', 'Solana', 'Solana'),
	('XRPUSDT', 'XRP', 'XRP', '瑞波幣'),
	('XAUUSD', 'Gold', 'Vàng', '黃金'),
	('XAGUSD', 'Silver', 'Bạc', '白銀'),
	('XPTUSD', 'Platinum', 'Bạch kim', '鉑金'),
	('XPDUSD', 'Palladium', 'Paladi', '鈀金'),
	('XCUUSD', 'Copper', 'Đồng', '銅')
) AS t(symbol, en, vn, zn)
WHERE p."symbol" = t.symbol AND p."name" = t.en;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "name_i18n" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wealth_products" ADD COLUMN "name_i18n" jsonb;--> statement-breakpoint
UPDATE "wealth_products" SET "name_i18n" = jsonb_build_object('en', "name", 'vn', '', 'zn', '');--> statement-breakpoint
UPDATE "wealth_products" w SET "name_i18n" = jsonb_build_object('en', w."name", 'vn', t.vn, 'zn', t.zn)
FROM (VALUES
	('USDT 7-Day Steady', 'USDT 7 ngày ổn định', 'USDT 7天穩健'),
	('USDT 30-Day Growth', 'USDT 30 ngày tăng trưởng', 'USDT 30天成長'),
	('USDT 90-Day Premium', 'USDT 90 ngày cao cấp', 'USDT 90天尊享')
) AS t(en, vn, zn)
WHERE w."name" = t.en;--> statement-breakpoint
ALTER TABLE "wealth_products" ALTER COLUMN "name_i18n" SET NOT NULL;--> statement-breakpoint
-- An order keeps the name it was sold under: its product's names when the English one still matches.
ALTER TABLE "wealth_orders" ADD COLUMN "product_name_i18n" jsonb;--> statement-breakpoint
UPDATE "wealth_orders" o SET "product_name_i18n" = CASE WHEN w."name" = o."product_name" THEN w."name_i18n"
	ELSE jsonb_build_object('en', o."product_name", 'vn', '', 'zn', '') END
FROM "wealth_products" w WHERE w."id" = o."product_id";--> statement-breakpoint
ALTER TABLE "wealth_orders" ALTER COLUMN "product_name_i18n" SET NOT NULL;--> statement-breakpoint
-- order_placement_snapshot answers the product's names (product_name_i18n jsonb, was product_name
-- text): a changed result type needs the old function dropped; functions/ creates the new one.
DROP FUNCTION IF EXISTS order_placement_snapshot(jsonb, timestamptz);
