/**
 * Makes path-fixture.json, the committed path of two 60-second BTCUSDT epochs as the SERVER computes
 * it, so the browser's own re-implementation (../committed-path.ts) is tested against the server's
 * code rather than against itself. Run once from the repository's root; the output is committed:
 *
 *   npx tsx apps/web/src/features/fair-receipts/verify/testdata/make-path-fixture.ts
 *
 * Not part of the app (nothing imports it).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitmentOf, pathParamsOf, walk } from '../../../../../../server/src/modules/fair-epochs/fair-path';

const EPOCH_MS = 60_000;
const FIRST_EPOCH_MS = 1_795_000_020_000; // a multiple of 60 000
const SYMBOL = 'BTCUSDT';
const params = pathParamsOf(0.65, 2);
const seeds = [Uint8Array.from({ length: 32 }, (_, i) => i), Uint8Array.from({ length: 32 }, (_, i) => 32 + i)];

let priceE8 = 6_725_000_000_000n;
const epochs: { startMs: number; commitment: string; seed: string }[] = [];
const paths: object[] = [];
const ticks: { timeMs: number; priceE8: string }[] = [];
seeds.forEach((seed, i) => {
  const startMs = FIRST_EPOCH_MS + i * EPOCH_MS;
  epochs.push({ startMs, commitment: commitmentOf(seed), seed: Buffer.from(seed).toString('hex') });
  paths.push({
    symbol: SYMBOL,
    startMs,
    startPriceE8: priceE8.toString(),
    anchored: i === 0,
    volatilityPpm: params.volatilityPpm,
    sigmaE12: params.sigmaE12.toString(),
    pricePrecision: params.pricePrecision,
  });
  priceE8 = walk(seed, SYMBOL, startMs / 1000, EPOCH_MS / 1000, priceE8, params, (second, tickE8) => {
    ticks.push({ timeMs: second * 1000, priceE8: tickE8.toString() });
  });
});

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'path-fixture.json');
writeFileSync(out, `${JSON.stringify({ symbol: SYMBOL, epochMs: EPOCH_MS, epochs, paths, ticks }, null, 1)}\n`);
console.log(`wrote ${ticks.length} ticks to ${out}`);
