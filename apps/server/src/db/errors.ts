/** True when a query failed on a unique constraint (optionally a given one); works for pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (pgError.code === '23505') {
      if (!constraint) return true;
      return pgError.constraint === constraint || (pgError.message ?? '').includes(constraint);
    }
  }
  return false;
}

/** True when a query failed with this SQLSTATE (at any depth of wrapped errors); works for pg and PGlite. */
export function hasDatabaseErrorCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** SQLSTATEs and socket codes of a database that is away (restarting, unreachable), not of a bad query. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '08000',
  '08001',
  '08003',
  '08006', // connection exceptions
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** True when a query failed because the database could not be reached, at any depth of wrapped errors. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
