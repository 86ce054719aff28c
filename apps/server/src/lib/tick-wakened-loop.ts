import type { EventEmitter } from 'node:events';

interface LoopLog {
  error: (obj: unknown, msg: string) => void;
}

/**
 * Runs a pass over and over: every `pollMs` after the last one ended, and at once when a tick is
 * recorded (a tick that comes during a pass asks for another right after it). One pass at a time;
 * a failed pass is logged and the loop goes on. Background workers that act on recorded ticks
 * (settlement, price alerts) run on it.
 */
export class TickWakenedLoop {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private isWakeRequested = false;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly options: {
      pollMs: number;
      log: LoopLog;
      /** The log line of a failed pass. */
      failure: string;
      /** Emits 'tick' when a tick is recorded; without it the loop only polls. */
      ticks: Pick<EventEmitter, 'on' | 'off'> | null;
    },
  ) {}

  /** Stopped: a pass in progress ends early where it can. */
  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    this.options.ticks?.on('tick', this.wake);
    this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.ticks?.off('tick', this.wake);
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private readonly wake = (): void => {
    if (this.stopped) return;
    if (this.running) {
      this.isWakeRequested = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.loop();
  };

  private loop(): void {
    if (this.stopped) return;
    this.isWakeRequested = false;
    this.running = this.pass()
      .then(() => undefined)
      .catch((error) => this.options.log.error({ err: error }, this.options.failure))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.loop(), this.isWakeRequested ? 0 : this.options.pollMs);
      });
  }
}
