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
 * Standard output, written off the event loop: pino hands each line to SonicBoom, which writes in the
 * background instead of a blocking write per request. Lines are gathered into batches of about 4 KB,
 * and whatever a second gathered is written then: under load one write carries some twenty request
 * lines instead of one (each write costs the event loop a dispatch and a completion callback), while a
 * quiet server's lines still appear within a second. What is still buffered is written synchronously
 * when the process exits.
 */
export function asyncStdout(): pino.DestinationStream & { flushSync(): void } {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
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
