import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { FairReceipt } from '@app/contract/fair-receipt';
import pathFixture from './testdata/path-fixture.json';
import { e8ToPrice } from './verify-receipt';

/**
 * Genuine receipts for the tests, made the way the server makes them but with node:crypto (not the
 * app's WebCrypto code): ticks chained by SHA-256, a checkpoint over their head, signed with a fresh
 * Ed25519 key.
 */

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
export const PUBLIC_KEY_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const other = generateKeyPairSync('ed25519');
export const OTHER_KEY_PEM = other.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const chainHash = (prevHex: string, text: string) =>
  createHash('sha256').update(Buffer.from(prevHex, 'hex')).update(text, 'utf8').digest('hex');

/** A tick before chaining: its time and price × 10^8. */
export interface RawTick {
  timeMs: number;
  priceE8: string;
}

export interface ReceiptParts {
  symbol: string;
  ticks: RawTick[];
  order: Omit<FairReceipt['order'], 'symbol'>;
  checkpointTimeMs: number;
  epochs?: FairReceipt['epochs'];
  paths?: FairReceipt['model']['paths'];
  /** The hash the first tick links to (another earlier tick's). */
  firstPrevHash?: string;
}

/** Chains the ticks, makes checkpoint 42 over their head (beside another symbol's), signs it. */
export function makeReceipt(parts: ReceiptParts): FairReceipt {
  let prevHash = parts.firstPrevHash ?? chainHash('00'.repeat(32), 'earlier');
  const ticks = parts.ticks.map((raw) => {
    const hash = chainHash(prevHash, `${parts.symbol}|${raw.timeMs}|${raw.priceE8}`);
    const tick = { timeMs: raw.timeMs, price: e8ToPrice(BigInt(raw.priceE8), 2), priceE8: raw.priceE8, prevHash, hash };
    prevHash = hash;
    return tick;
  });
  const last = ticks.at(-1)!;
  const otherHead = `ZZZUSD|${parts.checkpointTimeMs - 1000}|${chainHash('00'.repeat(32), 'zzz')}`;
  const heads = [`${parts.symbol}|${last.timeMs}|${last.hash}`, otherHead].join(';');
  const checkpointPrev = chainHash('00'.repeat(32), 'checkpoint 41');
  const seq = 42;
  const hash = chainHash(checkpointPrev, `${seq}|${parts.checkpointTimeMs}|${heads}`);
  const signature = sign(null, Buffer.from(hash, 'hex'), privateKey).toString('hex');
  const isSimulated = (parts.paths ?? []).length > 0;
  return {
    order: { ...parts.order, symbol: parts.symbol },
    ticks,
    checkpoint: { seq, timeMs: parts.checkpointTimeMs, heads, prevHash: checkpointPrev, hash, signature },
    publicKeyPem: PUBLIC_KEY_PEM,
    // Copies: a test changes its receipt, never the shared fixture.
    epochs: structuredClone(parts.epochs ?? []),
    model: { source: isSimulated ? 'simulated' : 'binance', paths: structuredClone(parts.paths ?? []) },
    verifiable: true,
    verifiableAtMs: null,
  };
}

/** A minute: every receipt's times start here (a multiple of 60 000, as epochs and checkpoints are). */
export const T0 = pathFixture.epochs[0]!.startMs;

/**
 * A streamed BTCUSDT order: up, 100 USDT, fee 1, rate 0.85, accepted at T0 + 40.3 s for 30 s, ticks
 * every second from T0 + 38 s to T0 + 75 s, rising a cent a second: it won 185.
 */
export function streamedParts(): ReceiptParts {
  const ticks = Array.from({ length: 38 }, (_, i) => ({
    timeMs: T0 + 38_000 + i * 1000,
    priceE8: (8_725_012_000_000n + BigInt(i) * 1_000_000n).toString(),
  }));
  return {
    symbol: 'BTCUSDT',
    ticks,
    order: {
      id: '1234567',
      direction: 'up',
      amount: '100',
      fee: '1',
      payoutRate: '0.85',
      acceptedAtMs: T0 + 40_300,
      endTimeMs: T0 + 70_300,
      status: 'won',
      payout: '185',
    },
    checkpointTimeMs: T0 + 120_000,
  };
}

/**
 * A simulated BTCUSDT order on the path the server's own code computed (testdata/path-fixture.json,
 * two 60 s epochs): accepted at T0 + 40.3 s for 30 s, so its window spans both epochs; the ticks run
 * from T0 + 40 s (the last at or before acceptance) to T0 + 90 s. Its status and payout follow from
 * the fixture's entry and exit prices.
 */
export function simulatedParts(direction: 'up' | 'down' = 'up'): ReceiptParts {
  const ticks = pathFixture.ticks.filter((t) => t.timeMs >= T0 + 40_000 && t.timeMs <= T0 + 90_000);
  const entry = BigInt(ticks.find((t) => t.timeMs === T0 + 41_000)!.priceE8);
  const exit = BigInt(ticks.find((t) => t.timeMs === T0 + 70_000)!.priceE8);
  const status = exit === entry ? 'tie' : exit > entry === (direction === 'up') ? 'won' : 'lost';
  return {
    symbol: pathFixture.symbol,
    ticks,
    order: {
      id: '7654321',
      direction,
      amount: '100',
      fee: '1',
      payoutRate: '0.85',
      acceptedAtMs: T0 + 40_300,
      endTimeMs: T0 + 70_300,
      status,
      payout: status === 'won' ? '185' : status === 'tie' ? '100' : '0',
    },
    checkpointTimeMs: T0 + 120_000,
    epochs: pathFixture.epochs,
    paths: pathFixture.paths,
  };
}
