/** Client-side failures get codes below zero so they never collide with the server's codes. */
export const CLIENT_ERROR_CODES = {
  network: -1,
  timeout: -2,
  aborted: -3,
  badResponse: -4,
} as const;

export interface ApiErrorInit {
  code: number;
  msg: string;
  status: number;
  fields?: Record<string, string>;
}

/** A failed call: the server's code and localized `msg`, the HTTP status, and field messages. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(init: ApiErrorInit) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.status = init.status;
    this.fields = init.fields ?? {};
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
