import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Paths pino must never print: credentials in headers and bodies. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'headers.authorization',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.payPassword',
  '*.newPayPassword',
  '*.token',
  '*.totp',
  '*.secret',
  '*.twoFactorCode',
  '*.challenge',
  '*.recoveryCodes',
];

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Only method, path and address: query strings and bodies may carry secrets.
      req: (req: { method: string; url: string; ip?: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}

/** Lines are written in batches of this many bytes (or what a second gathered, whichever comes first). */
export const LOG_BATCH_BYTES = 4096;
export const LOG_FLUSH_EVERY_MS = 1000;

/**
 * Gathers lines into one string a batch before SonicBoom sees them. SonicBoom measures the bytes of
 * its last pending buffer on every write (Buffer.byteLength of up to 16 KB for each line of ~200
 * bytes): under load that was 6 % of the server's time. Handed whole batches, it measures each once.
 */
export class LineBatches implements pino.DestinationStream {
  private lines: string[] = [];
  private chars = 0;

  constructor(private readonly out: { write(text: string): unknown; flushSync(): void }) {}

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= LOG_BATCH_BYTES) this.flush();
  }

  /** Hands what is gathered to SonicBoom, which writes it in the background. */
  flush(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(text);
  }

  /** Writes everything now, blocking (the process is ending). */
  flushSync(): void {
    this.flush();
    this.out.flushSync();
  }
}

/**
 * Standard output, written off the event loop: pino hands each line to LineBatches, which gathers
 * about 4 KB (or what a second gathered) and hands it to SonicBoom, which writes in the background
 * instead of a blocking write per request: under load one write carries some twenty request lines
 * instead of one (each write costs the event loop a dispatch and a completion callback), while a
 * quiet server's lines still appear within a second. What is still gathered is written synchronously
 * when the process exits.
 */
export function asyncStdout(): pino.DestinationStream & { flushSync(): void } {
  const destination = new LineBatches(pino.destination({ dest: 1, sync: false, minLength: 0 }));
  const flusher = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Closed (the process is ending): the exit handler writes what is left.
    }
  }, LOG_FLUSH_EVERY_MS);
  flusher.unref();
  process.once('exit', () => {
    clearInterval(flusher);
    try {
      destination.flushSync();
    } catch {
      // stdout already gone (a closed pipe): nothing left to save.
    }
  });
  return destination;
}

/** Whether a level writes `info` lines (trace, debug and info do). */
export function isInfoLevel(level: string): boolean {
  return level === 'trace' || level === 'debug' || level === 'info';
}
