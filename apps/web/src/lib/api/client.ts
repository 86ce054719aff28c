import { ERRORS } from '@app/contract/errors';
import { i18n } from '../i18n';
import { endSession, isLeavingSession } from '../session';
import { getStoredLang, getToken } from '../storage';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** JSON-encoded, except FormData, which goes as multipart (the browser writes its boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (calls that move money). */
  idempotencyKey?: string;
  timeoutMs?: number;
  /** Revalidate with If-None-Match and reuse the last body on 304. */
  useEtag?: boolean;
  /** Extra headers (support's visitor token). */
  headers?: Record<string, string>;
  /** An answer index.html's script already asked for (lib/api/early-requests.ts), if it has one. */
  early?: Promise<Response>;
}

export interface ApiEventHandlers {
  /** After a 401 the token is already cleared; `returnTo` is where the user was. */
  onUnauthorized: (returnTo: string) => void;
  onPasswordChangeRequired: (returnTo: string) => void;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

const defaultHandlers: ApiEventHandlers = {
  onUnauthorized: (returnTo) => window.location.assign(`/login?redirect=${encodeURIComponent(returnTo)}`),
  onPasswordChangeRequired: () => window.location.assign('/loginpassword'),
};
let handlers: ApiEventHandlers = defaultHandlers;

/** The router installs handlers that navigate in-app instead of reloading the page. */
export function setApiEventHandlers(next: Partial<ApiEventHandlers>): void {
  handlers = { ...defaultHandlers, ...next };
}

const etagCache = new Map<string, { etag: string; data: unknown }>();

function buildHeaders(options: RequestOptions, cacheKey: string): Headers {
  const headers = new Headers({ ...options.headers, Accept: 'application/json', 'Accept-Language': getStoredLang() });
  if (options.method !== 'GET' && !(options.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  const cached = options.useEtag ? etagCache.get(cacheKey) : undefined;
  if (cached) headers.set('If-None-Match', cached.etag);
  return headers;
}

function clientError(code: number, key: 'network' | 'timeout' | 'aborted' | 'unknown'): ApiError {
  return new ApiError({ code, msg: i18n.t(`errors.${key}`), status: 0 });
}

/** Calls `/api<path>` and resolves the envelope's `data` on code 0; anything else throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const cacheKey = `${method} ${path} ${getStoredLang()}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  try {
    // An early request that failed or was refused is asked again, as if there had been none.
    const early = options.early ? await earlyOrAbort(options.early, controller.signal) : undefined;
    response =
      early ??
      (await fetch(`${API_BASE}${path}`, {
        method,
        headers: buildHeaders({ ...options, method }, cacheKey),
        body: requestBody(method, options.body),
        signal: controller.signal,
      }));
    if (response.status === 304 && options.useEtag) {
      const cached = etagCache.get(cacheKey);
      if (cached) return cached.data as T;
    }
    return await readEnvelope<T>(response, options.useEtag ? cacheKey : null);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw clientError(CLIENT_ERROR_CODES.timeout, 'timeout');
    if (controller.signal.aborted) throw clientError(CLIENT_ERROR_CODES.aborted, 'aborted');
    throw clientError(CLIENT_ERROR_CODES.network, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** The early answer, undefined if its request failed; rejects when `signal` aborts first (timeout, caller). */
function earlyOrAbort(early: Promise<Response>, signal: AbortSignal): Promise<Response | undefined> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    early.then(
      (response) => resolve(response.ok ? response : undefined),
      () => resolve(undefined),
    );
  });
}

function requestBody(method: 'GET' | 'POST', body: unknown): BodyInit | undefined {
  if (method === 'GET') return undefined;
  if (body instanceof FormData) return body;
  return JSON.stringify(body ?? {});
}

async function readEnvelope<T>(response: Response, etagKey: string | null): Promise<T> {
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = await response.json();
  } catch (error) {
    // An aborted body read is an abort, not a bad response: let the caller classify it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      code: CLIENT_ERROR_CODES.badResponse,
      msg: i18n.t('errors.unknown'),
      status: response.status,
    });
  }
  if (body.code === 0 && response.ok) {
    const etag = response.headers.get('ETag');
    if (etagKey && etag) etagCache.set(etagKey, { etag, data: body.data });
    return body.data as T;
  }
  const error = new ApiError({
    code: typeof body.code === 'number' ? body.code : CLIENT_ERROR_CODES.badResponse,
    msg: typeof body.msg === 'string' && body.msg ? body.msg : i18n.t('errors.unknown'),
    status: response.status,
    fields: readFields(body.data),
  });
  handleSessionErrors(error);
  throw error;
}

function readFields(data: unknown): Record<string, string> | undefined {
  if (typeof data !== 'object' || data === null || !('fields' in data)) return undefined;
  const fields = (data as { fields: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return undefined;
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function handleSessionErrors(error: ApiError): void {
  if (error.status === 401) {
    // The user is logging out: the logout's own ending (and navigation) follows.
    if (isLeavingSession()) return;
    endSession();
    // A 401 on the login page itself is its own answer; do not bounce to the same page.
    if (!window.location.pathname.startsWith('/login')) handlers.onUnauthorized(currentPath());
  } else if (error.code === ERRORS.password_change_required.code) {
    handlers.onPasswordChangeRequired(currentPath());
  }
}

export function apiPost<T>(path: string, body: unknown = {}, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}

export function apiGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}

/** A file the API answers (a statement): its bytes and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  fileName: string;
}

/**
 * POSTs to `/api<path>` for a file. A file comes back as it is; an error is the usual envelope and
 * throws ApiError, a 401 included (it ends the session as every call's does).
 */
export async function apiDownload(path: string, body: unknown, timeoutMs = 60_000): Promise<ApiFile> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const headers = buildHeaders({ method: 'POST', body }, '');
    headers.set('Accept', '*/*');
    const response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
    if (!response.ok || (response.headers.get('Content-Type') ?? '').startsWith('application/json')) {
      await readEnvelope(response, null);
      throw clientError(CLIENT_ERROR_CODES.badResponse, 'unknown');
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
    return { blob: await response.blob(), fileName };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw clientError(CLIENT_ERROR_CODES.timeout, 'timeout');
    throw clientError(CLIENT_ERROR_CODES.network, 'network');
  } finally {
    clearTimeout(timer);
  }
}
