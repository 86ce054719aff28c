import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body: unknown;
  /** Bytes instead of an envelope (images), with their content type. */
  contentType?: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => MockResponse;

export function ok(data: unknown): MockResponse {
  return { status: 200, body: { code: 0, msg: 'Success', data } };
}

export function image(bytes = 'fake-image-bytes', contentType = 'image/png'): MockResponse {
  return { status: 200, body: bytes, contentType };
}

export function fail(status: number, code: number, msg: string, data: unknown = null): MockResponse {
  return { status, body: { code, msg, data } };
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
    const response = handler ? handler(call) : fail(404, 1302, `No mock for ${method} ${url.pathname}`);
    if (response.contentType) {
      return new Response(String(response.body), {
        status: response.status ?? 200,
        headers: { 'Content-Type': response.contentType },
      });
    }
    return new Response(JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
