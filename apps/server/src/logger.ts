import type { FastifyServerOptions } from 'fastify';

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
