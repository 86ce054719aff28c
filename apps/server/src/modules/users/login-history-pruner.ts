import type { Db } from '../../db/client.js';
import { pruneLoginHistory } from './sessions.service.js';

type PrunerLog = { info(msg: string): void; error(obj: unknown, msg: string): void };

const PRUNE_EVERY_MS = 3_600_000;

/**
 * Deletes login history past 90 days, on start and then hourly (a background job: ROLE=all and
 * worker). Every run deletes what is due; two processes running it at once only share the work.
 */
export class LoginHistoryPruner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: PrunerLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.runOnce();
    this.timer = setInterval(() => this.runOnce(), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  private runOnce(): void {
    if (this.running) return;
    this.running = pruneLoginHistory(this.db, this.now())
      .then((deleted) => {
        if (deleted > 0) this.log.info(`login history: pruned ${deleted} attempts older than 90 days`);
      })
      .catch((error) => this.log.error({ err: error }, 'login history: pruning failed'))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
