// 2 000 WebSocket clients on /api/ws subscribed to one symbol's ticks: delivery latency (the tick's
// server time stamp to the client's receive time, one machine, one clock) over TICKS ticks, dropped
// clients, and the server's memory before and with the clients. The clients run in processes of
// their own (bench/ws-clients.mjs), never in the server's. On PostgreSQL (the production set-up:
// ticks go through LISTEN/NOTIFY as with several processes) unless BENCH_WS_DATABASE=pglite.
// Yardstick, same run, same clients: a bare `ws` server sending a time-stamped tick a second.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import {
  cpuSeconds,
  createFreshDatabase,
  databaseUrl,
  dropDatabase,
  freePort,
  percentile,
  processMemoryMb,
  root,
  startOurServer,
  startProcess,
  stopProcess,
  writeResult,
} from './lib.mjs';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_WS_CLIENT_PROCESSES ?? 2);
const TICKS = 30;
const SYMBOL = 'BTCUSDT';
/** The server admits 500 sockets per address; 8 loopback addresses leave room. */
const LOCAL_ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 1}`);
const GOAL_P99_MS = 100;

export async function benchWsFanout(pgUrl) {
  const yardstick = await measureYardstick();
  const url = pgUrl ? databaseUrl(pgUrl, 'vela_bench_ws') : null;
  const usePostgres = process.env.BENCH_WS_DATABASE !== 'pglite' && url !== null && (await createFreshDatabase(url));
  const profileDir = process.env.BENCH_CPU_PROF ? mkdtempSync(path.join(tmpdir(), 'vela-prof-')) : null;
  const server = await startOurServer(usePostgres ? { DATABASE_URL: url } : {}, {
    nodeArgs: [
      '--expose-gc',
      '--import',
      pathToFileURL(path.join(root, 'bench/memory-probe.mjs')).href,
      ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
    ],
  });
  try {
    await waitForLiveTicks(server.base);
    const before = await serverMemory(server);
    const samples = [];
    let connected = null;
    let sampler = null;
    const ours = await measureDelivery(server, {
      onConnected: async () => {
        connected = await serverMemory(server);
        // RSS only while timing: the heap figure forces a full collection, which would stall the ticks.
        sampler = setInterval(() => samples.push(processMemoryMb(server.child.pid)), 1_000);
      },
    });
    clearInterval(sampler);
    const withClients = await serverMemory(server);
    const result = {
      database: usePostgres ? 'postgres' : 'pglite',
      machine: { cpus: (await import('node:os')).cpus().length },
      clients: CLIENTS,
      clientProcesses: CLIENT_PROCESSES,
      symbol: SYMBOL,
      goalP99Ms: GOAL_P99_MS,
      yardstick: { server: 'bare ws, a tick a second sent to every socket', ...yardstick },
      ...ours,
      serverMemory: {
        before,
        connected,
        withClients: { ...withClients, rssMbMax: Math.max(withClients.rssMb, ...samples.map((s) => s.rssMb)) },
      },
    };
    const { serverMemory: memory, yardstick: bare, ...figures } = result;
    console.log(figures);
    console.table({ yardstick: pickLatency(bare), ours: pickLatency(ours) });
    console.table({ before: memory.before, connected: memory.connected, 'with clients': memory.withClients });
    writeResult('ws-fanout', result);
    return result;
  } finally {
    await stopProcess(server.child);
    if (profileDir) console.log(`server CPU profile in ${profileDir}`);
    if (usePostgres) await dropDatabase(url);
  }
}

const pickLatency = (r) => ({
  latencyMsP50: r.latencyMsP50,
  latencyMsP99: r.latencyMsP99,
  latencyMsMax: r.latencyMsMax,
  firstDeliveryMsP50: r.firstDeliveryMsP50,
  fanOutSpreadMsP50: r.fanOutSpreadMsP50,
  dropped: r.droppedDuringRun,
});

/** The same clients against the bare server: what this machine's kernel and client processes cost. */
async function measureYardstick() {
  const port = await freePort();
  const bare = await startProcess(['bench/bare-ws-server.mjs'], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
  try {
    return await measureDelivery({ base: `http://127.0.0.1:${port}`, child: bare.child });
  } finally {
    await stopProcess(bare.child);
  }
}

/** Connects every client, then times TICKS ticks; answers latency figures, drops and the server's CPU. */
async function measureDelivery(server, { onConnected } = {}) {
  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, i) =>
    startClients(server.base, {
      clients: Math.floor(CLIENTS / CLIENT_PROCESSES) + (i < CLIENTS % CLIENT_PROCESSES ? 1 : 0),
      localAddresses: LOCAL_ADDRESSES.filter((_, k) => k % CLIENT_PROCESSES === i),
    }),
  );
  await Promise.all(clients.map((c) => c.ready));
  await onConnected?.();
  const cpuBefore = cpuSeconds(server.child.pid);
  const startedAt = Date.now();
  for (const c of clients) c.go();
  const reports = await Promise.all(clients.map((c) => c.report));
  const cpuS = cpuSeconds(server.child.pid) - cpuBefore;
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    ticks: Math.min(...reports.map((r) => r.ticks.length)),
    deliveries: latencies.length,
    latencyMsP50: percentile(latencies, 50),
    latencyMsP99: percentile(latencies, 99),
    latencyMsMax: latencies.at(-1) ?? null,
    ...tickBreakdown(reports),
    subscribed: sum(reports, 'subscribed'),
    failedToConnect: sum(reports, 'failedToConnect'),
    droppedDuringRun: sum(reports, 'droppedDuringRun'),
    deliveriesMissed: sum(reports, 'deliveriesMissed'),
    serverCpuPercent: Math.round((cpuS / ((Date.now() - startedAt) / 1000)) * 100),
  };
}

/**
 * Per tick, the first delivery to any client (engine write, bus, dispatch) and the time from the
 * first to the last (the fan-out to every socket and the clients' own reading).
 */
function tickBreakdown(reports) {
  const count = Math.min(...reports.map((r) => r.perTick.length));
  const first = [];
  const spread = [];
  for (let i = 0; i < count; i++) {
    const low = Math.min(...reports.map((r) => r.perTick[i][0]));
    const high = Math.max(...reports.map((r) => r.perTick[i][1]));
    first.push(low);
    spread.push(high - low);
  }
  first.sort((a, b) => a - b);
  spread.sort((a, b) => a - b);
  return {
    firstDeliveryMsP50: percentile(first, 50),
    firstDeliveryMsMax: first.at(-1) ?? null,
    fanOutSpreadMsP50: percentile(spread, 50),
    fanOutSpreadMsMax: spread.at(-1) ?? null,
  };
}

const sum = (reports, key) => reports.reduce((total, r) => total + r[key], 0);

/** The engine back-fills history on first start; measure once live ticks come in. */
async function waitForLiveTicks(base) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await fetch(`${base}/api/product/trunover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: SYMBOL }),
    }).then((r) => r.json());
    const last = answer.data?.ticks?.at(-1);
    if (last && Date.now() - Date.parse(last.time) < 3_000) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('no live ticks within a minute');
}

/**
 * RSS from /proc, read after the heap figures (bench/memory-probe.mjs answers SIGUSR2 on stderr after
 * a full collection), so both describe live memory.
 */
async function serverMemory(server) {
  const seen = server.output().length;
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const line = server
      .output()
      .slice(seen)
      .split('\n')
      .find((l) => l.startsWith('bench-memory '));
    if (line) {
      const usage = JSON.parse(line.slice('bench-memory '.length));
      const { rssMb } = processMemoryMb(server.child.pid);
      const mb = (bytes) => +(bytes / 1024 / 1024).toFixed(1);
      return {
        rssMb,
        heapUsedMb: mb(usage.heapUsed),
        heapTotalMb: mb(usage.heapTotal),
        externalMb: mb(usage.external),
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server did not report its memory');
}

function startClients(base, { clients, localAddresses }) {
  const child = spawn(process.execPath, ['bench/ws-clients.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      WS_URL: `${base.replace('http', 'ws')}/api/ws`,
      CLIENTS: String(clients),
      TICKS: String(TICKS),
      SYMBOL,
      LOCAL_ADDRESSES: localAddresses.join(','),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`ws clients exited with ${code}`)));
    });
  const ready = next();
  return {
    ready,
    go: () => child.stdin.write('go\n'),
    report: ready.then(next).then((line) => JSON.parse(line)),
  };
}
