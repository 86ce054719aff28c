import type { LocalizedName } from '@app/contract/product-names';
import type { PeriodRule } from './markets.tables.js';
import { toScaledPrice } from './prices.js';

/** The products a new platform starts with: five in each category, realistic prices and volatility. */
interface Seed {
  symbol: string;
  /** Migration 0016 gives databases seeded before names had three languages the same vn and zn names. */
  name: LocalizedName;
  category: 'stock' | 'forex' | 'crypto' | 'metal';
  price: number;
  precision: number;
  volatility: number;
}

const SEEDS: Seed[] = [
  {
    symbol: 'AAPL',
    name: { en: 'Apple', vn: 'Apple', zn: '蘋果' },
    category: 'stock',
    price: 228.5,
    precision: 2,
    volatility: 0.28,
  },
  {
    symbol: 'MSFT',
    name: { en: 'Microsoft', vn: 'Microsoft', zn: '微軟' },
    category: 'stock',
    price: 421.3,
    precision: 2,
    volatility: 0.25,
  },
  {
    symbol: 'NVDA',
    name: { en: 'NVIDIA', vn: 'NVIDIA', zn: '輝達' },
    category: 'stock',
    price: 131.2,
    precision: 2,
    volatility: 0.5,
  },
  {
    symbol: 'TSLA',
    name: { en: 'Tesla', vn: 'Tesla', zn: '特斯拉' },
    category: 'stock',
    price: 251.4,
    precision: 2,
    volatility: 0.6,
  },
  {
    symbol: 'AMZN',
    name: { en: 'Amazon', vn: 'Amazon', zn: '亞馬遜' },
    category: 'stock',
    price: 186.9,
    precision: 2,
    volatility: 0.32,
  },
  {
    symbol: 'EURUSD',
    name: { en: 'Euro / US Dollar', vn: 'Euro / Đô la Mỹ', zn: '歐元 / 美元' },
    category: 'forex',
    price: 1.0852,
    precision: 5,
    volatility: 0.07,
  },
  {
    symbol: 'GBPUSD',
    name: { en: 'British Pound / US Dollar', vn: 'Bảng Anh / Đô la Mỹ', zn: '英鎊 / 美元' },
    category: 'forex',
    price: 1.2714,
    precision: 5,
    volatility: 0.08,
  },
  {
    symbol: 'USDJPY',
    name: { en: 'US Dollar / Japanese Yen', vn: 'Đô la Mỹ / Yên Nhật', zn: '美元 / 日圓' },
    category: 'forex',
    price: 151.42,
    precision: 3,
    volatility: 0.09,
  },
  {
    symbol: 'AUDUSD',
    name: { en: 'Australian Dollar / US Dollar', vn: 'Đô la Úc / Đô la Mỹ', zn: '澳幣 / 美元' },
    category: 'forex',
    price: 0.6583,
    precision: 5,
    volatility: 0.1,
  },
  {
    symbol: 'USDCHF',
    name: { en: 'US Dollar / Swiss Franc', vn: 'Đô la Mỹ / Franc Thụy Sĩ', zn: '美元 / 瑞士法郎' },
    category: 'forex',
    price: 0.8821,
    precision: 5,
    volatility: 0.08,
  },
  {
    symbol: 'BTCUSDT',
    name: { en: 'Bitcoin', vn: 'Bitcoin', zn: '比特幣' },
    category: 'crypto',
    price: 67_250,
    precision: 2,
    volatility: 0.65,
  },
  {
    symbol: 'ETHUSDT',
    name: { en: 'Ethereum', vn: 'Ethereum', zn: '以太坊' },
    category: 'crypto',
    price: 3_480,
    precision: 2,
    volatility: 0.75,
  },
  {
    symbol: 'BNBUSDT',
    name: { en: 'BNB', vn: 'BNB', zn: '幣安幣' },
    category: 'crypto',
    price: 585.4,
    precision: 2,
    volatility: 0.7,
  },
  {
    symbol: 'SOLUSDT',
    name: { en: 'Solana', vn: 'Solana', zn: 'Solana' },
    category: 'crypto',
    price: 152.7,
    precision: 3,
    volatility: 0.9,
  },
  {
    symbol: 'XRPUSDT',
    name: { en: 'XRP', vn: 'XRP', zn: '瑞波幣' },
    category: 'crypto',
    price: 0.5231,
    precision: 4,
    volatility: 0.85,
  },
  {
    symbol: 'XAUUSD',
    name: { en: 'Gold', vn: 'Vàng', zn: '黃金' },
    category: 'metal',
    price: 2_345.6,
    precision: 2,
    volatility: 0.15,
  },
  {
    symbol: 'XAGUSD',
    name: { en: 'Silver', vn: 'Bạc', zn: '白銀' },
    category: 'metal',
    price: 29.42,
    precision: 3,
    volatility: 0.28,
  },
  {
    symbol: 'XPTUSD',
    name: { en: 'Platinum', vn: 'Bạch kim', zn: '鉑金' },
    category: 'metal',
    price: 982.5,
    precision: 2,
    volatility: 0.25,
  },
  {
    symbol: 'XPDUSD',
    name: { en: 'Palladium', vn: 'Paladi', zn: '鈀金' },
    category: 'metal',
    price: 1_012.3,
    precision: 2,
    volatility: 0.35,
  },
  {
    symbol: 'XCUUSD',
    name: { en: 'Copper', vn: 'Đồng', zn: '銅' },
    category: 'metal',
    price: 4.523,
    precision: 4,
    volatility: 0.22,
  },
];

const USDT = 1_000_000n;

/** 30 s to 5 min, with slightly lower payouts for the longer, more predictable periods. */
export const DEFAULT_PERIODS: PeriodRule[] = [
  { seconds: 30, payoutRateBp: 8500, minStakeMinor: String(10n * USDT), maxStakeMinor: String(10_000n * USDT) },
  { seconds: 60, payoutRateBp: 8200, minStakeMinor: String(10n * USDT), maxStakeMinor: String(20_000n * USDT) },
  { seconds: 120, payoutRateBp: 8000, minStakeMinor: String(10n * USDT), maxStakeMinor: String(50_000n * USDT) },
  { seconds: 300, payoutRateBp: 7800, minStakeMinor: String(10n * USDT), maxStakeMinor: String(50_000n * USDT) },
];

export const DEFAULT_FEE_RATE_BP = 100;

export function catalogueRows() {
  return SEEDS.map((seed, index) => ({
    symbol: seed.symbol,
    name: seed.name.en,
    nameI18n: seed.name,
    category: seed.category,
    pricePrecision: seed.precision,
    volatility: seed.volatility,
    startPrice: toScaledPrice(seed.price, seed.precision),
    periods: DEFAULT_PERIODS,
    feeRateBp: DEFAULT_FEE_RATE_BP,
    sort: index,
  }));
}

/** The catalogue's crypto products: what a live trade stream feeds unless told otherwise. */
export const CRYPTO_SYMBOLS: readonly string[] = SEEDS.filter((seed) => seed.category === 'crypto').map(
  (s) => s.symbol,
);
