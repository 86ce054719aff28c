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
