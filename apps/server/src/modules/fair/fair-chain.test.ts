import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  checkpointHash,
  checkpointHeads,
  firstBrokenLink,
  type StoredChainTick,
  tickHash,
  tickMessage,
  ZERO_HASH,
} from './fair-chain.js';

/**
 * The protocol's hash formats (issue 13 section 1) against vectors computed here independently: the
 * bytes are laid out by hand and hashed with node:crypto, and the literal hex values (the worked
 * example of docs/provably-fair.md) were also computed with Python's hashlib.
 */
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const utf8 = (text: string) => Buffer.from(text, 'utf8');

const T1 = { symbol: 'BTCUSDT', timeMs: 1_767_225_600_000, priceE8: 8_725_012_000_000n }; // 87250.12 at 2026-01-01T00:00:00Z
const T2 = { symbol: 'BTCUSDT', timeMs: 1_767_225_601_000, priceE8: 8_725_150_000_000n }; // 87251.50, a second later
const E1 = { symbol: 'EURUSD', timeMs: 1_767_225_659_000, priceE8: 117_342_000n }; // 1.17342
const H1 = '93217f1d70a30a372be86b54c25d83972db59f0348b8190ff6b32af9fa2e5747';
const H2 = '3810107e73e5d533deb2e79c29926c2f681f14c0628d23b87b4ba7872603c19a';
const HE = '7213266026cdef8a6b35936609e70dee3ddeb5fd429fb570e8506d9d8b039d8e';
const C1 = '865097778608598ce4a52e7528592c7fe8258fb7cd65b99a391a0e75620737a6';

describe('tick hash', () => {
  test('the first tick of a chain: SHA-256(32 zero bytes ‖ "symbol|timeMs|priceE8")', () => {
    expect(tickMessage(T1)).toBe('BTCUSDT|1767225600000|8725012000000');
    const expected = sha256(Buffer.alloc(32), utf8('BTCUSDT|1767225600000|8725012000000'));
    expect(expected.toString('hex')).toBe(H1);
    expect(tickHash(ZERO_HASH, T1).toString('hex')).toBe(H1);
  });

  test('the next tick chains from the previous hash', () => {
    const expected = sha256(Buffer.from(H1, 'hex'), utf8('BTCUSDT|1767225601000|8725150000000'));
    expect(expected.toString('hex')).toBe(H2);
    expect(tickHash(Buffer.from(H1, 'hex'), T2).toString('hex')).toBe(H2);
  });

  test('a small price keeps no leading zeros; any change of symbol, time, price or prevHash changes the hash', () => {
    expect(tickMessage(E1)).toBe('EURUSD|1767225659000|117342000');
    expect(tickHash(ZERO_HASH, E1).toString('hex')).toBe(HE);
    const variants = [
      tickHash(ZERO_HASH, { ...T1, symbol: 'ETHUSDT' }),
      tickHash(ZERO_HASH, { ...T1, timeMs: T1.timeMs + 1 }),
      tickHash(ZERO_HASH, { ...T1, priceE8: T1.priceE8 + 1n }),
      tickHash(Buffer.alloc(32, 1), T1),
    ];
    for (const v of variants) expect(v.toString('hex')).not.toBe(H1);
  });

  test('what cannot be written in the format is refused', () => {
    expect(() => tickMessage({ ...T1, priceE8: 0n })).toThrow(RangeError);
    expect(() => tickMessage({ ...T1, priceE8: -5n })).toThrow(RangeError);
    expect(() => tickMessage({ ...T1, timeMs: 1.5 })).toThrow(RangeError);
    expect(() => tickMessage({ ...T1, symbol: 'A|B' })).toThrow(RangeError);
    expect(() => tickHash(Buffer.alloc(31), T1)).toThrow(RangeError);
  });
});

describe('checkpoint', () => {
  test('heads sorted by symbol as "symbol|timeMs|hash" joined by ";"; hash over "seq|timeMs|heads"', () => {
    const heads = checkpointHeads([
      { symbol: 'EURUSD', timeMs: E1.timeMs, hash: Buffer.from(HE, 'hex') },
      { symbol: 'BTCUSDT', timeMs: T2.timeMs, hash: Buffer.from(H2, 'hex') },
    ]);
    expect(heads).toBe(`BTCUSDT|1767225601000|${H2};EURUSD|1767225659000|${HE}`);
    const expected = sha256(Buffer.alloc(32), utf8(`1|1767225660000|${heads}`));
    expect(expected.toString('hex')).toBe(C1);
    expect(checkpointHash(ZERO_HASH, 1, 1_767_225_660_000, heads).toString('hex')).toBe(C1);
    // The second chains from the first.
    const second = sha256(Buffer.from(C1, 'hex'), utf8(`2|1767225720000|${heads}`));
    expect(checkpointHash(Buffer.from(C1, 'hex'), 2, 1_767_225_720_000, heads).equals(second)).toBe(true);
  });

  test('symbols sort by code unit (digits before letters), and no heads is the empty string', () => {
    const h = Buffer.alloc(32);
    const heads = checkpointHeads([
      { symbol: 'XAUUSD', timeMs: 1, hash: h },
      { symbol: 'AAPL', timeMs: 1, hash: h },
      { symbol: '1INCH', timeMs: 1, hash: h },
    ]);
    expect(heads.split(';').map((x) => x.split('|')[0])).toEqual(['1INCH', 'AAPL', 'XAUUSD']);
    expect(checkpointHeads([])).toBe('');
    expect(() => checkpointHash(ZERO_HASH, 0, 1, '')).toThrow(RangeError);
  });
});

describe('verifying a run of ticks', () => {
  const chain = (): StoredChainTick[] => {
    const out: StoredChainTick[] = [];
    let prev: Buffer = ZERO_HASH;
    for (let i = 0; i < 5; i++) {
      const tick = { symbol: 'BTCUSDT', timeMs: T1.timeMs + i * 1000, priceE8: T1.priceE8 + BigInt(i) };
      const hash = tickHash(prev, tick);
      out.push({ ...tick, prevHash: prev, hash });
      prev = hash;
    }
    return out;
  };

  test('a genuine chain holds, also from a pruned start (the first kept prevHash)', () => {
    expect(firstBrokenLink(chain())).toBe(-1);
    expect(firstBrokenLink(chain().slice(2))).toBe(-1);
    expect(firstBrokenLink(chain(), ZERO_HASH)).toBe(-1);
    expect(firstBrokenLink(chain().slice(2), ZERO_HASH)).toBe(0);
  });

  test('a changed price, time, hash or prevHash, a dropped tick or a reordering is found', () => {
    const price = chain();
    price[2] = { ...price[2]!, priceE8: price[2]!.priceE8 + 1n };
    expect(firstBrokenLink(price)).toBe(2);
    const time = chain();
    time[3] = { ...time[3]!, timeMs: time[3]!.timeMs + 1 };
    expect(firstBrokenLink(time)).toBe(3);
    const hash = chain();
    hash[1] = { ...hash[1]!, hash: Buffer.alloc(32, 7) };
    expect(firstBrokenLink(hash)).toBe(1);
    const dropped = chain();
    dropped.splice(2, 1);
    expect(firstBrokenLink(dropped)).toBe(2);
    const swapped = chain();
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    expect(firstBrokenLink(swapped)).toBe(1);
  });
});
