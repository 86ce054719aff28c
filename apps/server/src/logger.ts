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

/**
 * Standard output, written off the event loop: pino hands each line to SonicBoom, which writes in the
 * background (one write in flight, later lines gathered behind it) instead of a blocking write per
 * request. What is still buffered is flushed when the app closes and when the process exits.
 */
export function asyncStdout(): pino.DestinationStream & { flushSync(): void } {
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => {
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
