import type { PeriodRule } from './markets.tables.js';
import { toScaledPrice } from './prices.js';

/** The products a new platform starts with: five in each category, realistic prices and volatility. */
interface Seed {
  symbol: string;
  name: string;
  category: 'stock' | 'forex' | 'crypto' | 'metal';
  price: number;
  precision: number;
  volatility: number;
}

const SEEDS: Seed[] = [
  { symbol: 'AAPL', name: 'Apple', category: 'stock', price: 228.5, precision: 2, volatility: 0.28 },
  { symbol: 'MSFT', name: 'Microsoft', category: 'stock', price: 421.3, precision: 2, volatility: 0.25 },
  { symbol: 'NVDA', name: 'NVIDIA', category: 'stock', price: 131.2, precision: 2, volatility: 0.5 },
  { symbol: 'TSLA', name: 'Tesla', category: 'stock', price: 251.4, precision: 2, volatility: 0.6 },
  { symbol: 'AMZN', name: 'Amazon', category: 'stock', price: 186.9, precision: 2, volatility: 0.32 },
  { symbol: 'EURUSD', name: 'Euro / US Dollar', category: 'forex', price: 1.0852, precision: 5, volatility: 0.07 },
  {
    symbol: 'GBPUSD',
    name: 'British Pound / US Dollar',
    category: 'forex',
    price: 1.2714,
    precision: 5,
    volatility: 0.08,
  },
  {
    symbol: 'USDJPY',
    name: 'US Dollar / Japanese Yen',
    category: 'forex',
    price: 151.42,
    precision: 3,
    volatility: 0.09,
  },
  {
    symbol: 'AUDUSD',
    name: 'Australian Dollar / US Dollar',
    category: 'forex',
    price: 0.6583,
    precision: 5,
    volatility: 0.1,
  },
  {
    symbol: 'USDCHF',
    name: 'US Dollar / Swiss Franc',
    category: 'forex',
    price: 0.8821,
    precision: 5,
    volatility: 0.08,
  },
  { symbol: 'BTCUSDT', name: 'Bitcoin', category: 'crypto', price: 67_250, precision: 2, volatility: 0.65 },
  { symbol: 'ETHUSDT', name: 'Ethereum', category: 'crypto', price: 3_480, precision: 2, volatility: 0.75 },
  { symbol: 'BNBUSDT', name: 'BNB', category: 'crypto', price: 585.4, precision: 2, volatility: 0.7 },
  { symbol: 'SOLUSDT', name: 'Solana', category: 'crypto', price: 152.7, precision: 3, volatility: 0.9 },
  { symbol: 'XRPUSDT', name: 'XRP', category: 'crypto', price: 0.5231, precision: 4, volatility: 0.85 },
  { symbol: 'XAUUSD', name: 'Gold', category: 'metal', price: 2_345.6, precision: 2, volatility: 0.15 },
  { symbol: 'XAGUSD', name: 'Silver', category: 'metal', price: 29.42, precision: 3, volatility: 0.28 },
  { symbol: 'XPTUSD', name: 'Platinum', category: 'metal', price: 982.5, precision: 2, volatility: 0.25 },
  { symbol: 'XPDUSD', name: 'Palladium', category: 'metal', price: 1_012.3, precision: 2, volatility: 0.35 },
  { symbol: 'XCUUSD', name: 'Copper', category: 'metal', price: 4.523, precision: 4, volatility: 0.22 },
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
    name: seed.name,
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
