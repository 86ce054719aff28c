// The committed path's cost (issue 13 section 2): the engine computes one step per simulated product
// per second, and a restart may walk up to WALK_SECONDS_MAX seconds of outage. Prints one JSON line.
// Yardstick in the same run: a bare HMAC-SHA256 of the same message, the floor of a step's cost.
import { createHash, createHmac } from 'node:crypto';
import { WALK_SECONDS_MAX } from '../apps/server/src/modules/fair-epochs/committed-paths.js';
import { pathParamsOf, stepPrice, walk } from '../apps/server/src/modules/fair-epochs/fair-path.js';
import { catalogueRows } from '../apps/server/src/modules/markets/catalogue.js';

const seed = createHash('sha256').update('bench').digest();
const products = catalogueRows().map((row) => ({ row, params: pathParamsOf(row.volatility, row.pricePrecision) }));
const SECONDS = 4_000;
const T = 1_800_000_000;

function timeIt(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// Warm up, then measure.
walk(seed, 'BTCUSDT', T, 2_000, 6_725_000_000_000n, products[0]!.params);
const hmacLoop = () => {
  for (let s = 0; s < SECONDS; s++)
    createHmac('sha256', seed)
      .update(`BTCUSDT|${T + s}`)
      .digest();
};
hmacLoop();
const hmacMs = timeIt(hmacLoop);
const prices = products.map((p) => p.row.startPrice);
const allProductsMs = timeIt(() => {
  for (let s = 0; s < SECONDS; s++) {
    for (const [i, p] of products.entries()) prices[i] = stepPrice(seed, p.row.symbol, T + s, prices[i]!, p.params);
  }
});
const stepUs = (allProductsMs * 1000) / (SECONDS * products.length);
const hourMs = timeIt(() => {
  for (const p of products) walk(seed, p.row.symbol, T, 3600, p.row.startPrice, p.params);
});
console.log(
  JSON.stringify({
    products: products.length,
    hmacUs: Number(((hmacMs * 1000) / SECONDS).toFixed(2)),
    stepUs: Number(stepUs.toFixed(2)),
    stepOverHmac: Number((stepUs / ((hmacMs * 1000) / SECONDS)).toFixed(2)),
    secondOfAllProductsMs: Number(((stepUs * products.length) / 1000).toFixed(3)),
    epochWalkAllProductsMs: Math.round(hourMs),
    longestRestartWalkEstimateS: Number(((stepUs * products.length * WALK_SECONDS_MAX) / 1e6).toFixed(1)),
  }),
);
