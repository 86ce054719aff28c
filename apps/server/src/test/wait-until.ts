const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for a state, polling; fails after `limitMs` of the wall clock (performance.now, which the
 * test clock leaves alone): a limit only a broken test reaches, never a duration the test asserts.
 */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  what: string,
  limitMs = 20_000,
): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
