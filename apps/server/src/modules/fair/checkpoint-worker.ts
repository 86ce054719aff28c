import type { Db } from '../../db/client.js';
import { CHECKPOINT_EVERY_MS, checkpointMinute, makeCheckpoint, registerSigningKey } from './fair.service.js';
import type { SigningKey } from './fair-key.js';

/**
 * How long after a minute its checkpoint is made: the engine records the tick of a second a few
 * milliseconds after it, so by then every tick stamped at or before the minute is in. (A tick
 * recorded later still would simply be covered by the next checkpoint: each one commits to a
 * prefix of every chain.)
 */
export const CHECKPOINT_DELAY_MS = 5_000;

interface WorkerLog {
  info: (msg: string) => void;
  error: (obj: unknown, msg: string) => void;
}

/**
 * Makes the signed checkpoint of every minute (issue 13 section 1). Runs in every process that does
 * background work; makeCheckpoint lets one of them make each checkpoint. A process whose key is not
 * the platform's registered key makes none (and says so once).
 */
export class CheckpointWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private maySign = false;

  constructor(
    private readonly db: Db,
    private readonly key: SigningKey,
    private readonly log: WorkerLog,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.maySign = await registerSigningKey(this.db, this.key);
    if (!this.maySign) {
      this.log.error(
        { publicKeyHex: this.key.publicKeyHex },
        'fair checkpoints: this process holds another signing key than the platform registered; it signs nothing (give every process the same FAIR_SIGNING_KEY)',
      );
      return;
    }
    this.log.info(`fair checkpoints: signing with public key ${this.key.publicKeyHex}`);
    // The first at once (a start makes the checkpoint due, if not made yet), then one each minute.
    this.schedule(0);
  }

  /** Makes the checkpoint due at `nowMs`, if any; what the timer calls. */
  async runOnce(nowMs: number = this.now()) {
    if (!this.maySign) return null;
    return makeCheckpoint(this.db, this.key, checkpointMinute(nowMs, CHECKPOINT_DELAY_MS));
  }

  /** Milliseconds from now to the next minute's due time. */
  private untilNextDue(): number {
    const sinceDue = (this.now() - CHECKPOINT_DELAY_MS) % CHECKPOINT_EVERY_MS;
    return CHECKPOINT_EVERY_MS - sinceDue;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error) => this.log.error({ err: error }, 'fair checkpoint failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.untilNextDue());
        });
    }, delayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
