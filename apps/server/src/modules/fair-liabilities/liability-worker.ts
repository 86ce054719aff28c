import type { Db } from '../../db/client.js';
import { type LiabilityClock, publishCurrentTree } from './fair-liabilities.service.js';
import type { LiabilitySchedule } from './liability-period.js';

interface WorkerLog {
  error: (obj: unknown, msg: string) => void;
  info: (obj: unknown, msg: string) => void;
}

/** Checks at least this often, so a failed build or a dead builder's claim is taken up soon. */
const RECHECK_MS_MAX = 60_000;
/** Wakes this long after a period starts, so a timer that fires a hair early still lands in it. */
const PERIOD_START_MARGIN_MS = 500;

/**
 * Publishes each period's tree of liabilities: on start (the first start publishes at once), then at
 * the start of every period. Every process with background jobs runs one; the claim in the database
 * makes sure only one of them builds a given day, and the others serve it from there.
 */
export class LiabilityWorker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private master: Buffer | null = null;

  constructor(
    private readonly db: Db,
    private readonly schedule: LiabilitySchedule,
    private readonly loadMaster: () => Buffer,
    private readonly log: WorkerLog,
    private readonly clock: LiabilityClock = { now: () => new Date() },
  ) {}

  start(): void {
    this.loop();
  }

  private loop(): void {
    if (this.stopped) return;
    let nextMs = RECHECK_MS_MAX;
    this.running = publishCurrentTree(this.db, this.schedule, {
      clock: this.clock,
      master: () => {
        this.master ??= this.loadMaster();
        return this.master;
      },
      log: this.log,
    })
      .then(({ period, result }) => {
        nextMs = period.endMs + PERIOD_START_MARGIN_MS - this.clock.now().getTime();
        if (result.outcome === 'published') {
          const { day, leaves, total, ledgerTotal } = result.summary;
          this.log.info({ day, leaves, total, ledgerTotal }, 'proof of liabilities published');
        }
      })
      .catch((error) => this.log.error({ err: error }, 'proof of liabilities failed'))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.loop(), Math.max(1_000, Math.min(RECHECK_MS_MAX, nextMs)));
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
