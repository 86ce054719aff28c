import type { Envelope, ValidationErrorData } from '@app/contract/common';
import { ERROR_NAME_BY_CODE, type ErrorName } from '@app/contract/errors';
import { STRINGS } from '../config/strings';
import { clearAuthToken, getAuthToken } from './auth-token';

const API_BASE = '/api/admin';
const REQUEST_TIMEOUT_MS = 30_000;

/** A failed call: the envelope's code and msg, the HTTP status, and per-field messages on a 400. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(input: { code: number; msg: string; status: number; fields?: Record<string, string> }) {
    super(input.msg);
    this.name = 'ApiError';
    this.code = input.code;
    this.status = input.status;
    this.fields = input.fields ?? {};
  }

  /** The contract's name for this code, e.g. `admin_totp_required`. */
  get errorName(): ErrorName | undefined {
    return ERROR_NAME_BY_CODE.get(this.code);
  }
}

export function isApiError(error: unknown, name?: ErrorName): error is ApiError {
  return error instanceof ApiError && (name === undefined || error.errorName === name);
}

let onUnauthorized: () => void = () => {};

/** The app decides what a lost session means (clear caches, go to the login screen). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | undefined | null>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Calls that move money send an `Idempotency-Key`, so a retried click moves nothing twice. */
  idempotencyKey?: string;
}

type WriteOptions = Pick<RequestOptions, 'idempotencyKey'>;

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown = {}, options: WriteOptions = {}) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** Bytes that need the session (ID images, deposit proofs); errors still arrive as an envelope. */
  getBlob: (path: string, options?: Pick<RequestOptions, 'signal'>) => request<Blob>('GET', path, options, 'blob'),
};

async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
  expect: 'json' | 'blob' = 'json',
): Promise<T> {
  const token = getAuthToken();
  const headers: Record<string, string> = {
    Accept: expect === 'json' ? 'application/json' : '*/*',
    'Accept-Language': 'en',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  // FormData sets its own multipart Content-Type with the boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), options.signal].filter((s) => s !== undefined);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toQueryString(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ code: -1, msg: STRINGS.errors.network, status: 0 });
  }

  if (expect === 'blob' && response.ok && !isJson(response)) {
    try {
      return (await response.blob()) as T;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError({ code: -1, msg: STRINGS.errors.network, status: 0 });
    }
  }

  const envelope = await readEnvelope<T>(response);
  if (response.status === 401 && token) {
    // Only a session we sent can expire; a failed login attempt never carries one.
    clearAuthToken();
    onUnauthorized();
  }
  if (!envelope) {
    throw new ApiError({ code: -1, msg: STRINGS.errors.unexpected(response.status), status: response.status });
  }
  if (envelope.code !== 0 || !response.ok) {
    const fields = (envelope.data as ValidationErrorData | null)?.fields;
    throw new ApiError({ code: envelope.code, msg: envelope.msg, status: response.status, fields });
  }
  return envelope.data;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'number') {
      return body as Envelope<T>;
    }
    return null;
  } catch {
    return null;
  }
}

function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').includes('application/json');
}

function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
