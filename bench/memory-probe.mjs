// Preloaded into the server by bench/ws-fanout.mjs (`node --expose-gc --import`): on SIGUSR2 the
// process collects garbage and prints its memory figures on stderr, so the benchmark reads the live
// heap (which /proc does not show) rather than whatever garbage the last collection left.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  process.stderr.write(`bench-memory ${JSON.stringify(process.memoryUsage())}\n`);
});
