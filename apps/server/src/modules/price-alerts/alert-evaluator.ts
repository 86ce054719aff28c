import type { Notification } from '@app/contract/notifications';
import { and, asc, count, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { DomainEvents, UserNotice } from '../../domain-events.js';
import { TickWakenedLoop } from '../../lib/tick-wakened-loop.js';
import { pricesAtOrBefore, productDisplayInfo, ticksInWindows } from '../markets/market-reads.js';
import { formatPrice } from '../markets/prices.js';
import { createNotice } from '../notifications/notifications.service.js';
import { type ArmedAlert, baseMomentsOf, firstFiringTick, type Tick } from './alert-rules.js';
import { tryLockForPass } from './evaluator-lock.js';
import { formatPercent } from './price-alerts.service.js';
import { type PriceAlertRow, priceAlertCursors, priceAlerts } from './price-alerts.tables.js';

/** The fallback cadence; a tick this process's engine records wakes the evaluator at once. */
const POLL_MS_DEFAULT = 1_000;
/** Armed alerts a pass holds in memory at once (a page, read by id). */
const ARMED_PAGE_SIZE_DEFAULT = 1_000;
/**
 * Armed alerts after which a pass starts no further symbol; the next pass goes on with the symbols
 * after the last one done. A symbol is always evaluated whole (in pages), because its cursor may
 * move only past ticks every armed alert of it was checked against.
 */
const ARMED_PER_PASS_MAX_DEFAULT = 5_000;
/** The span of ticks one pass reads per symbol at most: a backlog after an outage drains over passes. */
const SPAN_PER_PASS_MS = 10 * 60_000;
/** A tick is recorded within this long of its time: an empty span older than that is done for good. */
const TICK_LATE_MS_MAX = 60_000;

interface EvaluatorLog {
  error: (obj: unknown, msg: string) => void;
}

export interface PriceAlertEvaluatorOptions {
  pollMs?: number;
  events?: DomainEvents;
  /** Armed alerts read per page (tests make it small). */
  armedPageSize?: number;
  /** Armed alerts after which a pass starts no further symbol (tests make it small). */
  armedPerPassMax?: number;
}

interface StoredNotice {
  userId: number;
  notification: Notification;
}

/** A symbol with armed alerts: how many, and the earliest arming among them. */
interface ArmedSymbol {
  symbol: string;
  armedCount: number;
  armedAtMinMs: number;
}

/**
 * Fires armed price alerts from the recorded ticks (issue 15), in whichever process runs background
 * work. Each pass takes an advisory lock (evaluator-lock.ts), so with several processes one evaluates
 * at a time, and never while an alert is being armed; the
 * firing itself is a conditional update (`triggered_at IS NULL` and the same arming), so an alert
 * fires once however many evaluators race. Its notice is stored in the same transaction through the
 * notification centre (once: its key names the alert and its arming), so an alert is never fired
 * without its notice; after commit `noticeStored` pushes it live.
 */
export class PriceAlertEvaluator {
  private readonly events: DomainEvents | null;
  private readonly loop: TickWakenedLoop;
  private readonly pageSize: number;
  private readonly perPassMax: number;
  /** The last symbol the previous pass evaluated: the next starts after it, so every symbol gets its turn. */
  private lastSymbolDone: string | null = null;

  constructor(
    private readonly db: Db,
    log: EvaluatorLog,
    options: PriceAlertEvaluatorOptions = {},
  ) {
    this.events = options.events ?? null;
    this.pageSize = options.armedPageSize ?? ARMED_PAGE_SIZE_DEFAULT;
    this.perPassMax = options.armedPerPassMax ?? ARMED_PER_PASS_MAX_DEFAULT;
    if (!isPositiveInteger(this.pageSize) || !isPositiveInteger(this.perPassMax))
      throw new Error('price alerts: armedPageSize and armedPerPassMax must be positive integers');
    this.loop = new TickWakenedLoop(() => this.runOnce(), {
      pollMs: options.pollMs ?? POLL_MS_DEFAULT,
      log,
      failure: 'price alerts: evaluation failed',
      ticks: this.events,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: answers the alerts it fired (none when another evaluator holds the lock). */
  async runOnce(): Promise<PriceAlertRow[]> {
    // Most passes find nothing armed: an index probe, without a transaction or the lock.
    const [anyArmed] = await this.db.select({ id: priceAlerts.id }).from(priceAlerts).where(isArmed()).limit(1);
    if (!anyArmed) return [];
    const { fired, notices } = await this.db.transaction((tx) => this.evaluate(tx, Date.now()));
    for (const { userId, notification } of notices) this.events?.noticeStored(userId, notification);
    return fired;
  }

  private async evaluate(tx: Tx, nowMs: number): Promise<{ fired: PriceAlertRow[]; notices: StoredNotice[] }> {
    const nothing = { fired: [], notices: [] };
    if (!(await tryLockForPass(tx))) return nothing;
    const chosen = takeTurns(await armedSymbols(tx), this.lastSymbolDone, this.perPassMax);
    if (chosen.length === 0) return nothing;
    const symbols = chosen.map((s) => s.symbol);
    const cursorRows = await tx.select().from(priceAlertCursors).where(inArray(priceAlertCursors.symbol, symbols));
    const cursors = new Map(cursorRows.map((c) => [c.symbol, c.checkedThrough.getTime()]));
    const windows = chosen.map(({ symbol, armedAtMinMs }) => {
      const fromMs = Math.max(armedAtMinMs, cursors.get(symbol) ?? 0);
      return { symbol, fromMs, toMs: Math.min(nowMs, fromMs + SPAN_PER_PASS_MS) };
    });
    const ticksBySymbol = new Map<string, Tick[]>(symbols.map((s) => [s, []]));
    for (const t of await ticksInWindows(tx, windows)) ticksBySymbol.get(t.symbol)!.push(t);

    const fired: PriceAlertRow[] = [];
    // Every armed alert of the chosen symbols, page by page: only then may their cursors move.
    let afterId = 0;
    for (;;) {
      const page = await tx
        .select()
        .from(priceAlerts)
        .where(and(isArmed(), inArray(priceAlerts.symbol, symbols), gt(priceAlerts.id, afterId)))
        .orderBy(asc(priceAlerts.id))
        .limit(this.pageSize);
      fired.push(...(await fireFrom(tx, page, ticksBySymbol, cursors)));
      if (page.length < this.pageSize) break;
      afterId = page[page.length - 1]!.id;
    }
    const notices = await storeNotices(tx, fired);
    await advanceCursors(tx, windows, ticksBySymbol, nowMs);
    this.lastSymbolDone = symbols[symbols.length - 1]!;
    return { fired, notices };
  }
}

function isPositiveInteger(value: number): boolean {
  return Number.isInteger(value) && value > 0;
}

function isArmed() {
  return and(eq(priceAlerts.isEnabled, true), isNull(priceAlerts.triggeredAt));
}

/** The symbols with armed alerts (at most one per product), in name order. */
async function armedSymbols(tx: Tx): Promise<ArmedSymbol[]> {
  const rows = await tx
    .select({ symbol: priceAlerts.symbol, armedCount: count(), armedAtMin: min(priceAlerts.armedAt) })
    .from(priceAlerts)
    .where(isArmed())
    .groupBy(priceAlerts.symbol)
    .orderBy(asc(priceAlerts.symbol));
  return rows.map((r) => ({
    symbol: r.symbol,
    armedCount: Number(r.armedCount),
    armedAtMinMs: new Date(r.armedAtMin!).getTime(),
  }));
}

/**
 * This pass's symbols: in name order from the one after `lastDone` (wrapping round), while fewer
 * than `perPassMax` of their alerts are taken; always at least one, however many alerts it has.
 */
export function takeTurns<T extends { symbol: string; armedCount: number }>(
  symbols: readonly T[],
  lastDone: string | null,
  perPassMax: number,
): T[] {
  const start = lastDone === null ? 0 : symbols.findIndex((s) => s.symbol > lastDone);
  const ordered = start <= 0 ? symbols : [...symbols.slice(start), ...symbols.slice(0, start)];
  const taken: T[] = [];
  let alerts = 0;
  for (const s of ordered) {
    if (taken.length > 0 && alerts + s.armedCount > perPassMax) break;
    taken.push(s);
    alerts += s.armedCount;
  }
  return taken;
}

/** Fires the alerts of a page that a tick read crosses: each once, by a conditional update. */
async function fireFrom(
  tx: Tx,
  armed: readonly PriceAlertRow[],
  ticksBySymbol: ReadonlyMap<string, Tick[]>,
  cursors: ReadonlyMap<string, number>,
): Promise<PriceAlertRow[]> {
  const startOf = (alert: PriceAlertRow) => Math.max(alert.armedAt.getTime(), cursors.get(alert.symbol) ?? 0);
  const ticksOf = (alert: PriceAlertRow) => ticksBySymbol.get(alert.symbol)!.filter((t) => t.timeMs > startOf(alert));
  const points = armed.flatMap((alert) =>
    baseMomentsOf(toArmed(alert), ticksOf(alert)).map((timeMs) => ({ symbol: alert.symbol, timeMs })),
  );
  const earlier = await pricesAtOrBefore(tx, points);

  const fired: PriceAlertRow[] = [];
  for (const alert of armed) {
    const tick = firstFiringTick(toArmed(alert), ticksOf(alert), (timeMs) => earlier.get(`${alert.symbol}|${timeMs}`));
    if (!tick) continue;
    // Once: only if still armed, and armed the same time it was read (not re-armed since).
    const [row] = await tx
      .update(priceAlerts)
      .set({ triggeredAt: new Date(tick.timeMs), triggeredPrice: tick.price, isEnabled: false })
      .where(and(eq(priceAlerts.id, alert.id), isArmed(), eq(priceAlerts.armedAt, alert.armedAt)))
      .returning();
    if (row) fired.push(row);
  }
  return fired;
}

/** The fired alerts' notices, stored in the firing's transaction (none for a user who muted price alerts). */
async function storeNotices(tx: Tx, fired: readonly PriceAlertRow[]): Promise<StoredNotice[]> {
  if (fired.length === 0) return [];
  const info = await productDisplayInfo(tx);
  const notices: StoredNotice[] = [];
  for (const row of fired) {
    const notification = await createNotice(tx, noticeOf(row, info.get(row.symbol)?.pricePrecision ?? 8));
    if (notification) notices.push({ userId: row.userId, notification });
  }
  return notices;
}

/** Prices as canonical decimals at the product's precision: the apps write them in the reader's language. */
function noticeOf(row: PriceAlertRow, precision: number): UserNotice {
  return {
    userId: row.userId,
    kind: 'price_alert',
    key: `price_alert:${row.id}:${row.armedAt.getTime()}`,
    params: {
      alertId: String(row.id),
      symbol: row.symbol,
      condition: row.kind,
      level: row.level === null ? '' : formatPrice(row.level, precision),
      percent: row.percentHundredths === null ? '' : formatPercent(row.percentHundredths),
      windowSeconds: row.windowSeconds === null ? '' : String(row.windowSeconds),
      price: row.triggeredPrice === null ? '' : formatPrice(row.triggeredPrice, precision),
    },
  };
}

/** Each symbol's cursor moves to its newest tick read, or past an empty span old enough to stay empty. */
async function advanceCursors(
  tx: Tx,
  windows: ReadonlyArray<{ symbol: string; toMs: number }>,
  ticksBySymbol: ReadonlyMap<string, Tick[]>,
  nowMs: number,
): Promise<void> {
  for (const { symbol, toMs } of windows) {
    const ticks = ticksBySymbol.get(symbol) ?? [];
    const throughMs =
      ticks.length > 0 ? ticks[ticks.length - 1]!.timeMs : toMs <= nowMs - TICK_LATE_MS_MAX ? toMs : null;
    if (throughMs === null) continue;
    const checkedThrough = new Date(throughMs);
    await tx
      .insert(priceAlertCursors)
      .values({ symbol, checkedThrough })
      .onConflictDoUpdate({
        target: priceAlertCursors.symbol,
        set: { checkedThrough: sql`GREATEST(${priceAlertCursors.checkedThrough}, excluded.checked_through)` },
      });
  }
}

function toArmed(row: PriceAlertRow): ArmedAlert {
  return {
    kind: row.kind,
    level: row.level,
    percentHundredths: row.percentHundredths,
    windowSeconds: row.windowSeconds,
    referencePrice: row.referencePrice,
    armedAtMs: row.armedAt.getTime(),
  };
}
