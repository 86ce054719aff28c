import type { Currency } from '@app/contract/ledger';
import type { PeriodRule } from '@app/contract/order-rules';
import { currencyOfOrderAccount } from '@app/contract/practice';
import { englishOnlyName, type LocalizedName } from '@app/contract/product-names';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import { type AccountRef, accountsToLock, journalForDatabase, PLATFORM_SHARDS } from '../ledger/ledger.service.js';
import { needsOrderTotals, parseLimitsInForce, periodsAt } from '../responsible-trading/limit-rules.js';
import { bucketsOf, ensureExposureRows } from './exposure.js';
import { type OrderRow, orderRowFromDatabase } from './order-rows.js';
import {
  decidePlacements,
  type PlacementDecision,
  type PlacementRequest,
  type PlacementSnapshot,
} from './placement-decision.js';

/** The product as the answer shows it, read with the snapshot. */
export interface PlacedProduct {
  /** As stored: an empty vn or zn reads as the English name. */
  nameI18n: LocalizedName;
  pricePrecision: number;
}

export type PlacementOutcome =
  | { kind: 'placed' | 'replay'; row: OrderRow; product: PlacedProduct }
  | Exclude<PlacementDecision, { kind: 'place' } | { kind: 'replay' }>;

/** Orders one batch takes at most: bounds the transaction, its locks and its payload. */
export const PLACEMENT_BATCH_MAX = 200;

/**
 * Batches one placer has in the database at once. Their users are disjoint, and each takes a fee
 * shard of its own, so the second one's locks wait on the first only at its very end (the exposure
 * rows, added last).
 */
export const PLACEMENT_BATCHES_IN_FLIGHT = 2;

/** An order counts as placed on a live market when a tick was recorded this recently (DESIGN.md 6.4). */
const MARKET_STALE_MS = 5_000;

interface Pending {
  request: PlacementRequest;
  resolve: (outcome: PlacementOutcome) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  items: Pending[];
  /** Past its decision: the batch is writing or committing, and the next one may start. */
  isWriting: boolean;
}

/**
 * The exposure moved between a batch's snapshot and its write (another batch placed on the same
 * product side) so far that an order decided on it would pass the limit: the batch is rolled back
 * and goes again with the exposure rows locked in its snapshot.
 */
export class ExposureMovedError extends Error {
  constructor() {
    super('order placement: the open exposure moved past a limit since the snapshot');
  }
}

/**
 * Group commit for order/create: the first order goes to the database at once; the orders that come
 * in while a batch is there wait for it and then go together, in one transaction. Under load a
 * batch of a hundred orders costs the database little more than one order alone did; when idle an
 * order waits for nothing. Up to PLACEMENT_BATCHES_IN_FLIGHT batches are in the database at once:
 * the next one starts as soon as the one before has decided and is writing, so that one's write and
 * commit overlap the next one's snapshot. A user's orders are placed one at a time, in the order they
 * came: one per user per batch, and none of a user whose order is in a batch in flight (their balance,
 * their open orders and a repeated key are each decided on what the one before left).
 */
export class OrderPlacer {
  private queue: Pending[] = [];
  private readonly inFlight = new Set<Batch>();
  private readonly usersInFlight = new Set<number>();
  private isKickQueued = false;
  private batchCount = 0;
  /** Product sides whose exposure row is known to exist (rows are never deleted). */
  private readonly knownBuckets = new Set<string>();

  /** `now`: the clock that stamps acceptance (tests drive it); `timeZone`: the platform's, whose days the user's own limits count. */
  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
    private readonly timeZone = 'UTC',
  ) {}

  place(request: PlacementRequest): Promise<PlacementOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.kick();
    });
  }

  /** Batches in the database now (tests). */
  get batchesInFlight(): number {
    return this.inFlight.size;
  }

  /** Sends a batch when one may go; the requests parsed in this turn of the event loop go with it. */
  private kick(): void {
    if (this.isKickQueued || !this.mayStart()) return;
    this.isKickQueued = true;
    setImmediate(() => {
      this.isKickQueued = false;
      if (!this.mayStart()) return;
      const items = this.takeBatch();
      if (items.length === 0) return;
      const batch: Batch = { items, isWriting: false };
      this.inFlight.add(batch);
      for (const item of items) this.usersInFlight.add(item.request.userId);
      // Consecutive batches take different fee shards: two in flight never lock the same one.
      const platformShard = this.batchCount++ % PLATFORM_SHARDS;
      void this.send(batch, platformShard).finally(() => {
        this.inFlight.delete(batch);
        for (const item of items) this.usersInFlight.delete(item.request.userId);
        this.kick();
      });
    });
  }

  private mayStart(): boolean {
    if (this.queue.length === 0 || this.inFlight.size >= PLACEMENT_BATCHES_IN_FLIGHT) return false;
    for (const batch of this.inFlight) if (!batch.isWriting) return false;
    return true;
  }

  private takeBatch(): Pending[] {
    const users = new Set<number>();
    const batch: Pending[] = [];
    const later: Pending[] = [];
    for (const item of this.queue) {
      const { userId } = item.request;
      if (batch.length < PLACEMENT_BATCH_MAX && !users.has(userId) && !this.usersInFlight.has(userId)) {
        users.add(userId);
        batch.push(item);
      } else {
        // A user's later orders stay behind their earlier one, in the order they came.
        users.add(userId);
        later.push(item);
      }
    }
    this.queue = later;
    return batch;
  }

  private async send(batch: Batch, platformShard: number): Promise<void> {
    const onDecided = () => {
      batch.isWriting = true;
      this.kick();
    };
    let outcomes: PlacementOutcome[];
    try {
      outcomes = await this.placeInTransaction(
        batch.items.map((p) => p.request),
        platformShard,
        onDecided,
      );
    } catch (error) {
      onDecided();
      if (batch.items.length === 1) {
        batch.items[0]!.reject(error);
        return;
      }
      // Whatever failed the batch (nothing an order can send should), it fails only the order that
      // causes it: each goes again alone.
      for (const item of batch.items) {
        await this.placeInTransaction([item.request], platformShard, () => {}).then(
          ([outcome]) => item.resolve(outcome!),
          (single) => item.reject(single),
        );
      }
      return;
    }
    for (const [i, outcome] of outcomes.entries()) batch.items[i]!.resolve(outcome);
  }

  /**
   * One batch in one transaction. The exposure is read unlocked and added with a guard; should
   * another batch have moved it past a limit meanwhile, the batch goes again with the rows locked.
   */
  private async placeInTransaction(
    requests: readonly PlacementRequest[],
    platformShard: number,
    onDecided: () => void,
  ): Promise<PlacementOutcome[]> {
    const buckets = bucketsOf(requests.map((r) => ({ ...r.order, account: r.account })));
    const unknown = buckets.filter((b) => !this.knownBuckets.has(bucketKey(b)));
    // Created committed, outside the batch: a row inserted inside it would be held out of key order.
    if (unknown.length > 0) await ensureExposureRows(this.db, unknown);
    const place = (lockExposure: boolean) =>
      transact(this.db, (tx) =>
        placeBatch(tx, requests, this.now(), this.timeZone, { platformShard, lockExposure, onDecided }),
      );
    let outcomes: PlacementOutcome[];
    try {
      outcomes = await place(false);
    } catch (error) {
      if (!(error instanceof ExposureMovedError)) throw error;
      await ensureExposureRows(this.db, buckets);
      outcomes = await place(true);
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.kind === 'placed')
        this.knownBuckets.add(bucketKey({ ...requests[i]!.order, account: requests[i]!.account ?? 'real' }));
    }
    return outcomes;
  }
}

function bucketKey(b: { symbol: string; direction: string; account?: string }): string {
  return `${b.symbol} ${b.direction} ${b.account ?? 'real'}`;
}

/** The stake journal's key: the request's, so one request key can never post two stakes. */
export function stakeJournalKey(request: Pick<PlacementRequest, 'userId' | 'requestKey'>): string {
  return `order:${request.userId}:${request.requestKey}:stake`;
}

/** The accounts a stake moves: available → trading, the fee to the platform (when there is one). */
function stakeAccounts(userId: number, currency: Currency): AccountRef[] {
  return [
    { userId, kind: 'available', currency },
    { userId, kind: 'trading', currency },
    { platform: 'fees', currency },
  ];
}

export interface PlaceBatchOptions {
  /** The row of platform:fees every stake journal of the batch posts to (ledger PLATFORM_SHARDS); 0 by default. */
  platformShard?: number;
  /**
   * Lock the batch's exposure rows in the snapshot (the default), or read them as committed and
   * add with a guard that throws ExposureMovedError when another batch moved them past a limit.
   */
  lockExposure?: boolean;
  /** Told once the batch is decided, before its write goes. */
  onDecided?: () => void;
}

/**
 * One batch, read → decide → write, inside `tx`: one statement locks and reads the snapshot
 * (order_placement_snapshot), `decidePlacements` applies every rule, one statement writes the
 * placed orders, their exposure and their stake journals (through ledger_post_batch). Acceptance is
 * stamped when the batch goes: the entry is the first tick recorded after it (DESIGN.md 6.4).
 */
export async function placeBatch(
  tx: Tx,
  requests: readonly PlacementRequest[],
  acceptedAtMs: number,
  timeZone = 'UTC',
  options: PlaceBatchOptions = {},
): Promise<PlacementOutcome[]> {
  const platformShard = options.platformShard ?? 0;
  const { snapshots, products } = await readSnapshot(
    tx,
    requests,
    acceptedAtMs - MARKET_STALE_MS,
    { at: new Date(acceptedAtMs), timeZone },
    { platformShard, lockExposure: options.lockExposure ?? true },
  );
  const decisions = decidePlacements(requests, snapshots);
  options.onDecided?.();
  const toPlace = decisions.flatMap((d, i) => (d.kind === 'place' ? [{ request: requests[i]!, decision: d }] : []));
  const placed = await writePlacements(tx, toPlace, new Date(acceptedAtMs), platformShard);
  return decisions.map((decision, i): PlacementOutcome => {
    const product = products[i]!;
    switch (decision.kind) {
      case 'place':
        return { kind: 'placed', row: placed.get(requests[i]!.userId)!, product };
      case 'replay':
        return { kind: 'replay', row: decision.row, product };
      default:
        return decision;
    }
  });
}

type SnapshotRow = Record<string, unknown> & {
  ord: number;
  stored_hash: string | null;
  stored_status: number | null;
  stored_body: string | null;
  product_enabled: boolean | null;
  product_name_i18n: LocalizedName | null;
  price_precision: number | null;
  fee_rate_bp: number | null;
  periods: PeriodRule[];
  is_fresh: boolean;
  open_count: number;
  available: string;
  exposure: string | null;
  /** The user's own limits in force (responsible_limits_at.sql); null: none. */
  rt_limits: unknown;
  rt_stake_day: string | null;
  rt_stake_week: string | null;
  rt_stake_month: string | null;
  rt_loss_day: string | null;
  rt_loss_week: string | null;
  rt_loss_month: string | null;
  rt_open_at_risk: string | null;
};

async function readSnapshot(
  tx: Tx,
  requests: readonly PlacementRequest[],
  freshSinceMs: number,
  own: { at: Date; timeZone: string },
  { platformShard, lockExposure }: { platformShard: number; lockExposure: boolean },
) {
  const periods = periodsAt(own.at, own.timeZone);
  const payload = requests.map((r) => {
    const accounts = accountsToLock(
      stakeJournalKey(r),
      stakeAccounts(r.userId, currencyOfOrderAccount(r.account)),
      platformShard,
    );
    return {
      user_id: r.userId,
      request_key: r.requestKey,
      request_hash: r.requestHash,
      symbol: r.order.symbol,
      direction: r.order.direction,
      account: r.account ?? 'real',
      available_key: accounts[0]!.key,
      accounts,
    };
  });
  // The user's own limits (issue 14) join the same statement: both functions run after the snapshot's
  // function took the users' locks (its rows come first) and, being VOLATILE, read what was committed
  // before those locks; the totals are read only for users with a stake or loss limit.
  const userIds = `{${requests.map((r) => r.userId).join(',')}}`;
  const rows = await queryRows<SnapshotRow>(
    tx,
    sql`WITH s AS MATERIALIZED (
        SELECT s.ord, s.stored_hash, s.stored_status, s.stored_body, s.product_enabled, s.product_name_i18n,
          s.price_precision, s.fee_rate_bp, s.periods, s.is_fresh, s.open_count, s.available::text AS available,
          s.exposure::text AS exposure, (s.replay).*
        FROM order_placement_snapshot(${JSON.stringify(payload)}::jsonb, ${new Date(freshSinceMs).toISOString()}::timestamptz,
          ${lockExposure}::boolean) AS s
      )
      SELECT s.*, l.rt_limits, t.totals->>'stake_day' AS rt_stake_day, t.totals->>'stake_week' AS rt_stake_week,
        t.totals->>'stake_month' AS rt_stake_month, t.totals->>'loss_day' AS rt_loss_day,
        t.totals->>'loss_week' AS rt_loss_week, t.totals->>'loss_month' AS rt_loss_month,
        t.totals->>'open_at_risk' AS rt_open_at_risk
      FROM s
      CROSS JOIN LATERAL (
        SELECT responsible_limits_at((${userIds}::bigint[])[s.ord], ${own.at.toISOString()}::timestamptz) AS rt_limits
      ) l
      -- A CASE, not a WHERE beside the function: a function in FROM runs for every row and is filtered
      -- after, and the totals read all the user's open orders; the CASE calls it only for the users
      -- with a stake or loss limit.
      CROSS JOIN LATERAL (
        SELECT CASE WHEN l.rt_limits IS NOT NULL
            AND (l.rt_limits->'limits') ?| ARRAY['stakeDay', 'stakeWeek', 'stakeMonth', 'lossDay', 'lossWeek', 'lossMonth']
          THEN (SELECT to_jsonb(o) FROM order_limit_totals((${userIds}::bigint[])[s.ord],
            ${periods.day.start.toISOString()}::timestamptz, ${periods.week.start.toISOString()}::timestamptz,
            ${periods.month.start.toISOString()}::timestamptz) AS o)
          END AS totals
      ) t
      ORDER BY s.ord`,
  );
  // One row per request, in order; a missing one would be a bug in the function.
  if (rows.length !== requests.length) throw new Error('order_placement_snapshot did not answer every request');
  const snapshots = rows.map(
    (row): PlacementSnapshot => ({
      replay: row.id === null || row.id === undefined ? null : orderRowFromDatabase(row),
      stored:
        row.stored_hash === null
          ? null
          : { requestHash: row.stored_hash, status: row.stored_status, body: row.stored_body ?? '' },
      product:
        row.product_enabled === null
          ? null
          : { enabled: row.product_enabled, feeRateBp: row.fee_rate_bp!, periods: row.periods },
      isMarketFresh: row.is_fresh,
      openOrders: row.open_count,
      available: BigInt(row.available),
      exposure: row.exposure === null ? 0n : BigInt(row.exposure),
      responsible: responsibleOf(row, periods, own.at),
    }),
  );
  const products = rows.map(
    (row, i): PlacedProduct => ({
      nameI18n: row.product_name_i18n ?? englishOnlyName(requests[i]!.order.symbol),
      pricePrecision: row.price_precision ?? 2,
    }),
  );
  return { snapshots, products };
}

/** The stake journal's postings, in the order's currency (practice orders move only PUSDT). */
function stakePostings(r: PlacementRequest, fee: bigint) {
  const [available, trading, fees] = stakeAccounts(r.userId, currencyOfOrderAccount(r.account));
  return [
    { account: available!, amount: -(r.order.amount + fee) },
    { account: trading!, amount: r.order.amount },
    ...(fee > 0n ? [{ account: fees!, amount: fee }] : []),
  ];
}

/** The user's own limits of one snapshot row (placement-decision.ts rules 1b and 5b). */
function responsibleOf(row: SnapshotRow, periods: ReturnType<typeof periodsAt>, at: Date) {
  const inForce = parseLimitsInForce(row.rt_limits);
  if (!inForce) return null;
  const big = (v: string | null) => BigInt(v ?? 0);
  const totals = needsOrderTotals(inForce)
    ? {
        stake: { day: big(row.rt_stake_day), week: big(row.rt_stake_week), month: big(row.rt_stake_month) },
        loss: { day: big(row.rt_loss_day), week: big(row.rt_loss_week), month: big(row.rt_loss_month) },
        openAtRisk: big(row.rt_open_at_risk),
      }
    : null;
  return { inForce, totals, periods, at };
}

/**
 * Writes the placed orders, their stake journals and their exposure in one statement; answers the
 * rows by user. The exposure goes last, with a guard (order_exposure_change): when the snapshot read
 * it unlocked, another batch may have added to it since; should a side now pass its limit, nothing
 * is kept (ExposureMovedError rolls the transaction back).
 */
async function writePlacements(
  tx: Tx,
  toPlace: ReadonlyArray<{ request: PlacementRequest; decision: Extract<PlacementDecision, { kind: 'place' }> }>,
  acceptedAt: Date,
  platformShard: number,
): Promise<Map<number, OrderRow>> {
  if (toPlace.length === 0) return new Map();
  const exposure = exposureOf(toPlace.map(({ request }) => request));
  const payload = toPlace.map(({ request: r, decision: d }, i) => ({
    ord: i + 1,
    user_id: r.userId,
    request_key: r.requestKey,
    symbol: r.order.symbol,
    direction: r.order.direction,
    account: r.account ?? 'real',
    amount: r.order.amount.toString(),
    fee: d.fee.toString(),
    payout_rate_bp: d.payoutRateBp,
    period: d.period,
    balance_after: d.balanceAfter.toString(),
    // Built and checked by the ledger service; ledger_post_batch posts it with the order's id.
    journal: journalForDatabase({
      kind: 'order_stake',
      idempotencyKey: stakeJournalKey(r),
      platformShard,
      postings: stakePostings(r, d.fee),
    }),
  }));
  const at = acceptedAt.toISOString();
  const rows = await queryRows<
    Record<string, unknown> & { stake_replays: string | number; exposure_refused: string | number }
  >(
    tx,
    sql`WITH req AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS r(ord integer, user_id bigint,
          request_key text, symbol text, direction text, account text, amount bigint, fee bigint, payout_rate_bp integer,
          period integer, balance_after bigint, journal jsonb)
      ), inserted AS (
        INSERT INTO orders (user_id, symbol, direction, account, amount, fee, payout_rate_bp, period, accepted_at,
                            end_time, balance_after, request_key)
        SELECT r.user_id, r.symbol, r.direction, r.account, r.amount, r.fee, r.payout_rate_bp, r.period, ${at}::timestamptz,
               ${at}::timestamptz + make_interval(secs => r.period), r.balance_after, r.request_key
        FROM req r ORDER BY r.ord
        RETURNING *
      ), tallied AS (
        -- The users' placed orders (order_tallies): rows only placement writes, the users' own (their locks are held).
        INSERT INTO order_tallies (user_id, account, kind, n)
        SELECT r.user_id, r.account, 'placed', count(*) FROM req r GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (user_id, account, kind) DO UPDATE SET n = order_tallies.n + EXCLUDED.n
      ), posted AS (
        SELECT l.is_replay FROM ledger_post_batch((
          SELECT jsonb_agg(r.journal || jsonb_build_object('reference_type', 'order', 'reference_id', i.id::text,
                   'memo', NULL, 'admin_id', NULL) ORDER BY r.ord)
          FROM req r JOIN inserted i ON i.user_id = r.user_id AND i.request_key = r.request_key)) l
      ), exposure AS (
        SELECT order_exposure_change(${JSON.stringify(exposure)}::jsonb) AS refused
      )
      SELECT i.*, (SELECT count(*) FILTER (WHERE p.is_replay) FROM posted p) AS stake_replays,
             (SELECT x.refused FROM exposure x) AS exposure_refused
      FROM inserted i`,
  );
  if (rows.some((r) => Number(r.exposure_refused) > 0)) throw new ExposureMovedError();
  // The journals' keys are the requests': posted before means an order was placed with one of them.
  if (rows.some((r) => Number(r.stake_replays) > 0)) {
    throw new Error('order placement: a stake journal was posted before without its order');
  }
  if (rows.length !== toPlace.length) throw new Error('order placement: an order was not written');
  return new Map(rows.map((raw) => [Number(raw.user_id), orderRowFromDatabase(raw)]));
}

/** What the placed orders add to each product side's open stake, and the most each side may hold. */
function exposureOf(placed: readonly PlacementRequest[]) {
  const sides = new Map<string, { symbol: string; direction: string; account: string; amount: bigint; max: bigint }>();
  for (const r of placed) {
    const account = r.account ?? 'real';
    const key = bucketKey({ ...r.order, account });
    const side = sides.get(key);
    if (side) {
      side.amount += r.order.amount;
      if (r.limits.maxExposure < side.max) side.max = r.limits.maxExposure;
    } else {
      sides.set(key, { ...r.order, account, amount: r.order.amount, max: r.limits.maxExposure });
    }
  }
  return [...sides.values()].map((b) => ({
    symbol: b.symbol,
    direction: b.direction,
    account: b.account,
    amount: b.amount.toString(),
    max: b.max.toString(),
  }));
}
