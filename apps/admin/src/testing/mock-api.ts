import type { Envelope, ValidationErrorData } from '@app/contract/common';
import { vi } from 'vitest';

declare const TYPED_RESPONSE: unique symbol;

/**
 * What a handler answers. Only ok(), fail() and image() make one, so no answer is an untyped object
 * literal: ok<T>() checks its data against the contract type T of the call it stands for.
 */
export interface MockResponse {
  status: number;
  body: unknown;
  /** Bytes instead of an envelope (images), with their content type. */
  contentType?: string;
  readonly [TYPED_RESPONSE]: true;
}

const response = (status: number, body: unknown, contentType?: string) =>
  ({ status, body, contentType }) as MockResponse;

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => MockResponse;

/**
 * A success envelope; name the contract type of the answer, `ok<AdminUser>(ALICE)`: a missing or wrong
 * field is a type error. The type is never inferred from the data (`ok(data)` does not compile).
 */
export function ok<T = never>(data: NoInfer<T>): MockResponse {
  return response(200, { code: 0, msg: 'Success', data } satisfies Envelope<T>);
}

export function image(bytes = 'fake-image-bytes', contentType = 'image/png'): MockResponse {
  return response(200, bytes, contentType);
}

/** An error envelope, as the server sends it: `data` is null, or the per-field messages of a 400. */
export function fail(status: number, code: number, msg: string, data: ValidationErrorData | null = null): MockResponse {
  return response(status, { code, msg, data } satisfies Envelope<ValidationErrorData | null>);
}

/**
 * Replaces fetch at the network boundary. Handlers are keyed "METHOD /api/path"; a call with no handler
 * answers 404 and is still recorded, so a test can see what the screen asked for.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body:
        typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler ? handler(call) : fail(404, 1302, `No mock for ${method} ${url.pathname}`);
    if (answer.contentType) {
      return new Response(String(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': answer.contentType },
      });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
