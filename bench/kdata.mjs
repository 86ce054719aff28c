// product/kdata for 500 candles: latency percentiles under load, beside the bare route in the same run.
import { freePort, load, startOurServer, startProcess, stopProcess, writeResult } from './lib.mjs';

export async function benchKdata() {
  const barePort = await freePort();
  const bare = await startProcess(
    ['bench/bare-server.mjs'],
    { PORT: String(barePort) },
    `http://127.0.0.1:${barePort}/bare`,
  );
  const ours = await startOurServer();
  try {
    // The engine back-fills history on first start; wait until the chart has its candles.
    for (let i = 0; i < 100; i++) {
      const r = await fetch(`${ours.base}/api/product/kdata`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', interval: '1m', limit: 500 }),
      }).then((x) => x.json());
      if (r.code === 0 && r.data.length >= 300) break;
      await new Promise((res) => setTimeout(res, 300));
    }
    const yardstick = await load({
      url: `http://127.0.0.1:${barePort}/bare`,
      body: '{}',
      durationS: 5,
      connections: 20,
    });
    const kdata = await load({
      url: `${ours.base}/api/product/kdata`,
      body: JSON.stringify({ symbol: 'BTCUSDT', interval: '1m', limit: 500 }),
      durationS: 10,
      connections: 20,
    });
    console.log(
      `kdata 500 candles: p50 ${kdata.latencyMsP50} ms, p99 ${kdata.latencyMsP99} ms, ${kdata.requestsPerSecond} req/s (bare route ${yardstick.requestsPerSecond} req/s)`,
    );
    writeResult('kdata-pglite', { candles: 500, connections: 20, yardstick, kdata });
  } finally {
    await stopProcess(ours.child);
    await stopProcess(bare.child);
  }
}
