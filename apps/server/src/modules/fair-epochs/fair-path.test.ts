import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { catalogueRows } from '../markets/catalogue.js';
import { EpochSecret, parseSeedSecret } from './epoch-secret.js';
import {
  commitmentOf,
  drawZ,
  isqrt,
  pathParamsOf,
  SECONDS_PER_YEAR,
  sigmaE12Of,
  stepPrice,
  tickPriceE8,
  walk,
} from './fair-path.js';

/**
 * The committed path (docs/provably-fair.md, "The path") against fixed vectors (the same as in the
 * document, also computed by an independent Python implementation) and against a second
 * implementation written here from the document's words: its own HMAC (from SHA-256), its own
 * reading of the words, its own division toward zero and rounding.
 */

const SEED = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const BTC = { volatilityPpm: 650_000, sigmaE12: 115_747_082n, pricePrecision: 2 };
const EUR = { volatilityPpm: 70_000, sigmaE12: 12_465_070n, pricePrecision: 5 };

/** The document's algorithm, written again without fair-path.ts. */
const reference = {
  hmac(key: Buffer, message: string): Buffer {
    const block = Buffer.alloc(64);
    key.copy(block);
    const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte));
    const inner = createHash('sha256').update(pad(0x36)).update(message, 'utf8').digest();
    return createHash('sha256').update(pad(0x5c)).update(inner).digest();
  },
  z(seed: Buffer, symbol: string, second: number): bigint {
    const u = reference.hmac(seed, `${symbol}|${second}`);
    const view = new DataView(u.buffer, u.byteOffset, 32);
    let sum = 0n;
    for (let word = 0; word < 16; word++) sum += BigInt(view.getUint16(word * 2, false));
    return sum - 524_280n;
  },
  divideTowardZero(n: bigint, d: bigint): bigint {
    const magnitude = (n < 0n ? -n : n) / d;
    return n < 0n ? -magnitude : magnitude;
  },
  step(seed: Buffer, symbol: string, second: number, p: bigint, sigmaE12: bigint, precision: number): bigint {
    const unit = 10n ** BigInt(8 - precision);
    const z = reference.z(seed, symbol, second);
    const next = p + reference.divideTowardZero(p * sigmaE12 * z, 75_674n * 10n ** 12n);
    return next > unit ? next : unit;
  },
  tick(p: bigint, precision: number): bigint {
    const unit = 10n ** BigInt(8 - precision);
    const rounded = ((2n * p + unit) / (2n * unit)) * unit;
    return rounded > unit ? rounded : unit;
  },
};

describe('fixed vectors (docs/provably-fair.md)', () => {
  test('commitment, per-second volatility, first steps and an hour of BTCUSDT', () => {
    expect(commitmentOf(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(sigmaE12Of(650_000)).toBe(115_747_082n);
    expect(sigmaE12Of(70_000)).toBe(12_465_070n);
    expect(sigmaE12Of(280_000)).toBe(49_860_281n);
    expect(drawZ(SEED, 'BTCUSDT', 1_795_000_000)).toBe(86_638);
    expect(drawZ(SEED, 'BTCUSDT', 1_795_000_001)).toBe(-37_144);
    const path: Array<[number, bigint]> = [];
    const end = walk(SEED, 'BTCUSDT', 1_795_000_000, 3, 6_725_000_000_000n, BTC, (s, tick) => path.push([s, tick]));
    expect(end).toBe(6_724_696_207_884n);
    expect(path).toEqual([
      [1_795_000_000, 6_725_891_000_000n],
      [1_795_000_001, 6_725_509_000_000n],
      [1_795_000_002, 6_724_696_000_000n],
    ]);
    const hour = walk(SEED, 'BTCUSDT', 1_795_000_000, 3600, 6_725_000_000_000n, BTC);
    expect(hour).toBe(6_744_377_467_551n);
    expect(tickPriceE8(hour, 2)).toBe(6_744_377_000_000n);
  });

  test('a five-decimal product: EURUSD', () => {
    const ticks: bigint[] = [];
    const end = walk(SEED, 'EURUSD', 1_795_000_000, 3, 108_520_000n, EUR, (_s, tick) => ticks.push(tick));
    expect(ticks).toEqual([108_520_000n, 108_521_000n, 108_523_000n]);
    expect(end).toBe(108_523_314n);
    expect(walk(SEED, 'EURUSD', 1_795_000_000, 3600, 108_520_000n, EUR)).toBe(108_318_759n);
  });
});

describe('the same path from a second implementation', () => {
  test('every product of the catalogue, a quarter of an hour each, bit for bit', () => {
    const seed = createHash('sha256').update('another seed').digest();
    for (const row of catalogueRows()) {
      const params = pathParamsOf(row.volatility, row.pricePrecision);
      let mine = row.startPrice;
      let theirs = row.startPrice;
      for (let s = 1_800_000_000; s < 1_800_000_900; s++) {
        mine = stepPrice(seed, row.symbol, s, mine, params);
        theirs = reference.step(seed, row.symbol, s, theirs, params.sigmaE12, row.pricePrecision);
        expect(tickPriceE8(mine, row.pricePrecision)).toBe(reference.tick(theirs, row.pricePrecision));
      }
      expect(mine, row.symbol).toBe(theirs);
    }
  });

  test('integer square root and rounding at their edges', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 30n - 1n, 10n ** 30n, 2n ** 127n]) {
      const r = isqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n, String(n)).toBe(true);
    }
    // Half up at exactly half a step; never below one step.
    expect(tickPriceE8(6_725_000_500_000n, 2)).toBe(6_725_001_000_000n);
    expect(tickPriceE8(6_725_000_499_999n, 2)).toBe(6_725_000_000_000n);
    expect(tickPriceE8(1n, 2)).toBe(1_000_000n);
    expect(tickPriceE8(123n, 8)).toBe(123n);
    // A path cannot fall below one step of the product's precision.
    expect(stepPrice(SEED, 'BTCUSDT', 1_795_000_001, 1_000_000n, { ...BTC, sigmaE12: 10n ** 13n })).toBe(1_000_000n);
  });
});

describe('it still looks like a market', () => {
  test('the per-second volatility is the product’s, steps are symmetric, and no drift up or down', () => {
    const seed = createHash('sha256').update('market').digest();
    const params = pathParamsOf(0.65, 2);
    let price = 6_725_000_000_000n;
    let ups = 0;
    let downs = 0;
    let sumSquares = 0;
    const n = 20_000;
    for (let s = 1_800_000_000; s < 1_800_000_000 + n; s++) {
      const next = stepPrice(seed, 'BTCUSDT', s, price, params);
      const r = Number(next - price) / Number(price);
      sumSquares += r * r;
      if (next > price) ups += 1;
      if (next < price) downs += 1;
      price = next;
    }
    const perSecond = Math.sqrt(sumSquares / n);
    const expected = 0.65 / Math.sqrt(Number(SECONDS_PER_YEAR));
    expect(Math.abs(perSecond / expected - 1)).toBeLessThan(0.03);
    expect(Math.abs(ups - downs) / n).toBeLessThan(0.03);
    // Steps look normal: about 68 % within one standard deviation (a sum of 16 uniforms is close).
    let within = 0;
    for (let s = 0; s < n; s++) if (Math.abs(drawZ(seed, 'ETHUSDT', s)) <= 75_674) within += 1;
    expect(within / n).toBeGreaterThan(0.66);
    expect(within / n).toBeLessThan(0.7);
  });

  test('each product keeps its catalogue volatility, fixed as integers', () => {
    for (const row of catalogueRows()) {
      const params = pathParamsOf(row.volatility, row.pricePrecision);
      expect(params.volatilityPpm).toBe(Math.round(row.volatility * 1e6));
      const perSecond = Number(params.sigmaE12) / 1e12;
      expect((perSecond * Math.sqrt(31_536_000)) / row.volatility).toBeCloseTo(1, 6);
    }
  });
});

describe('seeds', () => {
  test('derived from the master secret per epoch, committed by their SHA-256; the secret never shows', () => {
    const master = '11'.repeat(32);
    const secret = parseSeedSecret(master);
    const seed = secret.seedOf(1_795_000_000_000);
    expect(seed.equals(reference.hmac(Buffer.from(master, 'hex'), 'vela-fair-epoch|1795000000000'))).toBe(true);
    expect(secret.commitmentOf(1_795_000_000_000)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(secret.seedOf(1_795_003_600_000).equals(seed)).toBe(false);
    const shown = [JSON.stringify({ secret }), String(secret), inspect(secret, { depth: 5 })];
    for (const text of shown) expect(text.includes(master), text).toBe(false);
    expect(() => parseSeedSecret('xyz')).toThrow(/FAIR_SEED_SECRET/);
    expect(() => parseSeedSecret('xyz')).not.toThrow(/xyz/);
    expect(EpochSecret.ephemeral().seedOf(0).equals(EpochSecret.ephemeral().seedOf(0))).toBe(false);
  });
});
