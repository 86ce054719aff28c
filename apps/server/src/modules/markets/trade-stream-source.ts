import WebSocket from 'ws';
import { LIVE_SOURCE, type PriceSource, type TickPrice, type TickRequest } from './price-source.js';
import { parseDecimalPrice } from './prices.js';

/**
 * A trade older than this gives no tick. The same 5 s as order/create's "market stale" check and
 * the settlement rule's outage window (DESIGN.md 6.4): recording an old price as current would let
 * orders open and settle on a price from before an outage; with no tick, new orders are refused
 * and orders ending in the gap are void.
 */
export const TRADE_STALE_AFTER_MS = 5_000;
/** A trade message is about 300 bytes: larger ones are ignored unread. */
const MESSAGE_BYTES_MAX = 4_096;
/** Anything larger is refused by the socket itself (it closes, and we reconnect). */
const FRAME_BYTES_MAX = 1_048_576;
const RECONNECT_DELAY_MIN_MS = 500;
const RECONNECT_DELAY_MAX_MS = 30_000;
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** An open socket that says nothing for this long is presumed dead (a half-open TCP connection). */
const IDLE_TIMEOUT_MS = 30_000;
/** Stopping waits at most this long for the socket to report it closed. */
const CLOSE_WAIT_MS = 1_000;

interface LatestTrade {
  /** The price as the exchange wrote it, rounded only when a tick is recorded (one rounding, no floats). */
  price: string;
  /** The exchange's trade time, to drop trades that arrive out of order. */
  tradeTimeMs: number;
  /** The exchange's trade id (Binance `t`), recorded with the tick so anyone can find the trade. */
  tradeId: string | undefined;
  /** When this process received it, on the server clock that stamps the ticks. */
  receivedAtMs: number;
  tradesSinceTick: number;
}

export interface TradeStreamOptions {
  /** A Binance-compatible stream: combined (`…/stream?streams=btcusdt@trade/…`) or raw (`…/ws/btcusdt@trade`). */
  url: string;
  /** The product symbols it feeds, e.g. BTCUSDT. */
  symbols: readonly string[];
  log: { info: (msg: string) => void; warn: (obj: unknown, msg: string) => void };
  /** For tests: shorter waits. */
  reconnectDelayMinMs?: number;
  reconnectDelayMaxMs?: number;
  idleTimeoutMs?: number;
}

/**
 * Prices from an exchange's trade stream (Binance's message format). Keeps the latest trade of each
 * symbol; a tick gets the latest price if it is fresh. Reconnects with capped exponential backoff and
 * jitter, so many servers do not reconnect in step after an exchange outage.
 */
export class TradeStreamSource implements PriceSource {
  readonly name = LIVE_SOURCE;
  private readonly latest = new Map<string, LatestTrade>();
  private readonly symbols: ReadonlySet<string>;
  private socket: WebSocket | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private running = false;

  constructor(private readonly options: TradeStreamOptions) {
    this.symbols = new Set(options.symbols);
  }

  /** The URL to open: a combined-stream URL with no `streams` gets one for each symbol. */
  get streamUrl(): string {
    const url = new URL(this.options.url);
    if (url.pathname.endsWith('/stream') && !url.searchParams.has('streams')) {
      const streams = [...this.symbols].map((s) => `${s.toLowerCase()}@trade`).join('/');
      return `${url.toString()}${url.search ? '&' : '?'}streams=${streams}`;
    }
    return url.toString();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.clearIdle();
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const giveUp = setTimeout(resolve, CLOSE_WAIT_MS);
      socket.once('close', () => {
        clearTimeout(giveUp);
        resolve();
      });
      socket.terminate();
    });
  }

  get isConnected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  priceAt(request: TickRequest): TickPrice | null {
    const trade = this.latest.get(request.symbol);
    if (!trade || request.time.getTime() - trade.receivedAtMs > TRADE_STALE_AFTER_MS) return null;
    const price = parseDecimalPrice(trade.price, request.precision);
    if (price === null) return null;
    const volume = BigInt(trade.tradesSinceTick);
    trade.tradesSinceTick = 0;
    return trade.tradeId === undefined ? { price, volume } : { price, volume, tradeId: trade.tradeId };
  }

  private connect(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.streamUrl, {
        handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
        maxPayload: FRAME_BYTES_MAX,
        perMessageDeflate: false,
      });
    } catch (error) {
      this.options.log.warn({ err: error }, 'trade stream: cannot connect');
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.on('open', () => {
      this.options.log.info('trade stream: connected');
      this.touchIdle(socket);
    });
    socket.on('message', (data, isBinary) => {
      this.touchIdle(socket);
      if (isBinary) return;
      if (this.accept(data as Buffer)) this.failedAttempts = 0;
    });
    socket.on('ping', () => this.touchIdle(socket));
    // Errors (refused, oversized frame, bad handshake) are followed by 'close', which reconnects.
    socket.on('error', (error) => this.options.log.warn({ err: error }, 'trade stream error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearIdle();
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const delay = reconnectDelayMs(
      this.failedAttempts,
      this.options.reconnectDelayMinMs ?? RECONNECT_DELAY_MIN_MS,
      this.options.reconnectDelayMaxMs ?? RECONNECT_DELAY_MAX_MS,
      Math.random(),
    );
    this.failedAttempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.running) this.connect();
    }, delay);
  }

  private touchIdle(socket: WebSocket): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => {
      this.options.log.warn({}, 'trade stream: silent, reconnecting');
      socket.terminate();
    }, this.options.idleTimeoutMs ?? IDLE_TIMEOUT_MS);
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Takes one message; anything that is not a well-formed trade of a fed symbol is ignored. */
  private accept(data: Buffer): boolean {
    if (data.length > MESSAGE_BYTES_MAX) return false;
    const trade = parseTradeMessage(data.toString('utf8'));
    if (!trade || !this.symbols.has(trade.symbol)) return false;
    const previous = this.latest.get(trade.symbol);
    if (previous && trade.tradeTimeMs < previous.tradeTimeMs) return false;
    this.latest.set(trade.symbol, {
      price: trade.price,
      tradeTimeMs: trade.tradeTimeMs,
      tradeId: trade.tradeId,
      receivedAtMs: Date.now(),
      tradesSinceTick: (previous?.tradesSinceTick ?? 0) + 1,
    });
    return true;
  }
}

/**
 * The wait before reconnect attempt `failedAttempts` + 1: doubling from `minMs`, capped at `maxMs`,
 * with "equal jitter" (half the backoff plus a random share of the other half), so the wait still
 * grows while many servers do not reconnect in step after an exchange outage. `random` in [0, 1).
 */
export function reconnectDelayMs(failedAttempts: number, minMs: number, maxMs: number, random: number): number {
  const backoff = Math.min(maxMs, minMs * 2 ** Math.min(failedAttempts, 30));
  return backoff / 2 + random * (backoff / 2);
}

/**
 * A Binance trade event, combined (`{"stream":"btcusdt@trade","data":{…}}`) or raw (`{"e":"trade",…}`),
 * as `{ symbol, price, tradeTimeMs, tradeId }` (the id, `t`, as a decimal string when the event has
 * a whole number there); null for anything else.
 */
export function parseTradeMessage(
  text: string,
): { symbol: string; price: string; tradeTimeMs: number; tradeId: string | undefined } | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  const event = isRecord(message) && isRecord(message.data) ? message.data : message;
  if (!isRecord(event) || event.e !== 'trade') return null;
  const { s: symbol, p: price, T: tradeTimeMs, t: id } = event;
  if (typeof symbol !== 'string' || !/^[A-Z0-9]{2,20}$/.test(symbol)) return null;
  if (typeof price !== 'string' || parseDecimalPrice(price, 8) === null) return null;
  if (typeof tradeTimeMs !== 'number' || !Number.isSafeInteger(tradeTimeMs) || tradeTimeMs < 0) return null;
  const tradeId = typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? String(id) : undefined;
  return { symbol, price, tradeTimeMs, tradeId };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
