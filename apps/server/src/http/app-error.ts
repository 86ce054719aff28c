import { ERRORS, type ErrorName } from '@app/contract/errors';

/** An expected failure: a stable code from the contract, mapped to its HTTP status by one table. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  /** The stored refusal of an earlier request with the same Idempotency-Key (answered with `idempotent-replayed`). */
  replayed = false;

  constructor(
    readonly errorName: ErrorName,
    readonly data: unknown = null,
  ) {
    super(errorName);
    this.status = ERRORS[errorName].status;
    this.code = ERRORS[errorName].code;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
