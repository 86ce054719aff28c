// Run by bench/ws-fanout.mjs, in its own process: CLIENTS sockets subscribe to one symbol's ticks and
// time each tick's delivery (receive time minus the server's stamp; one machine, one clock).
// Protocol: prints `ready` once every socket is subscribed, then waits for `go` on stdin, counts
// TICKS distinct ticks and prints one JSON line with what it saw.
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const url = process.env.WS_URL;
const clients = Number(process.env.CLIENTS);
const ticksWanted = Number(process.env.TICKS);
const symbol = process.env.SYMBOL;
// The server admits at most 500 sockets per address (DEFAULT_HUB_LIMITS): spread over loopback addresses.
const localAddresses = process.env.LOCAL_ADDRESSES.split(',');
const CONNECT_BATCH = 50;
const READY_TIMEOUT_MS = 120_000;

const sockets = [];
let isMeasuring = false;
let dropped = 0;
let failedToConnect = 0;
/** Per tick time stamp: each socket's delivery latency in ms. */
const latenciesByTick = new Map();

function openOne(index) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { localAddress: localAddresses[index % localAddresses.length] });
    let isSubscribed = false;
    ws.on('message', (data) => {
      const receivedAt = Date.now();
      const message = JSON.parse(data.toString());
      if (message.type === 'tick') {
        if (!isMeasuring) return;
        let latencies = latenciesByTick.get(message.time);
        if (!latencies) {
          latencies = [];
          latenciesByTick.set(message.time, latencies);
        }
        latencies.push(receivedAt - Date.parse(message.time));
      } else if (message.type === 'welcome') {
        ws.send(JSON.stringify({ op: 'subscribe', channel: 'ticks', symbol }));
      } else if (message.type === 'subscribed') {
        isSubscribed = true;
        resolve(true);
      }
    });
    ws.on('close', () => {
      if (isSubscribed) dropped++;
      else resolve(false);
    });
    ws.on('error', () => {});
    sockets.push(ws);
  });
}

const deadline = Date.now() + READY_TIMEOUT_MS;
for (let start = 0; start < clients && Date.now() < deadline; start += CONNECT_BATCH) {
  const batch = Array.from({ length: Math.min(CONNECT_BATCH, clients - start) }, (_, k) => openOne(start + k));
  for (const ok of await Promise.all(batch)) if (!ok) failedToConnect++;
}
process.stdout.write('ready\n');

const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
isMeasuring = true;
const droppedBefore = dropped;
await new Promise((resolve) => {
  const timer = setInterval(() => {
    // A tick is complete once a later one has started arriving.
    if (latenciesByTick.size > ticksWanted + 1) {
      clearInterval(timer);
      resolve();
    }
  }, 50);
});
isMeasuring = false;
// The first tick may have been caught half way through its fan-out: start at the second.
const ticks = [...latenciesByTick.keys()].sort().slice(1, ticksWanted + 1);
const subscribed = clients - failedToConnect;
const expected = subscribed - droppedBefore;
const report = JSON.stringify({
  subscribed,
  failedToConnect,
  droppedDuringRun: dropped - droppedBefore,
  ticks,
  deliveriesMissed: ticks.reduce((sum, t) => sum + Math.max(0, expected - latenciesByTick.get(t).length), 0),
  latencies: ticks.flatMap((t) => latenciesByTick.get(t)),
  /** Per tick, this process's first and last delivery: the pipeline before the fan-out, and its spread. */
  perTick: ticks.map((t) => [Math.min(...latenciesByTick.get(t)), Math.max(...latenciesByTick.get(t))]),
});
for (const ws of sockets) ws.terminate();
// A pipe is written asynchronously: exit once the report is out.
process.stdout.write(`${report}\n`, () => process.exit(0));
