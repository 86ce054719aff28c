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
