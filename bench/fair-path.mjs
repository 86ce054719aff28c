// The committed price path (issue 13 section 2): the cost of a step, of one second of every
// simulated product, of an epoch's walk, and the estimate of the longest walk a restart may do.
import { execFileSync } from 'node:child_process';
import { root, writeResult } from './lib.mjs';

/** One second of every product must leave the engine's second almost whole. */
const GOAL_SECOND_MS = 5;

export async function benchFairPath() {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/fair-path-load.ts'], { cwd: root });
  const result = JSON.parse(out.toString().trim().split('\n').pop());
  console.log(
    `fair path: ${result.stepUs} µs a step (${result.stepOverHmac} × a bare HMAC, ${result.hmacUs} µs); one second of all ${result.products} products ${result.secondOfAllProductsMs} ms (goal ≤ ${GOAL_SECOND_MS}); an epoch of all ${result.epochWalkAllProductsMs} ms; the longest restart walk ≈ ${result.longestRestartWalkEstimateS} s`,
  );
  writeResult('fair-path', {
    ...result,
    goalSecondMs: GOAL_SECOND_MS,
    meetsGoal: result.secondOfAllProductsMs <= GOAL_SECOND_MS,
  });
  return result;
}
