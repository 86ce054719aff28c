import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginLeaving, endSession, isLeavingSession } from '../session';
import { LANG_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../storage';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { apiPost, REQUEST_TIMEOUT_MS, setApiEventHandlers } from './client';

function reply(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('API client', () => {
  beforeEach(() => {
    window.localStorage.setItem(LANG_STORAGE_KEY, 'en');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('posts JSON to /api with the language, the token and an idempotency key, and resolves data on code 0', async () => {
    window.localStorage.setItem(LANG_STORAGE_KEY, 'vn');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok123');
    const fetchMock = reply(200, { code: 0, msg: 'Success', data: { id: '7' } });
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiPost('/user/details', { a: 1 }, { idempotencyKey: 'key-1' })).resolves.toEqual({ id: '7' });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/user/details');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('Accept-Language')).toBe('vn');
    expect(headers.get('Authorization')).toBe('Bearer tok123');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('sends FormData as multipart, leaving the content type (and its boundary) to the browser', async () => {
    const fetchMock = reply(200, { code: 0, msg: 'Success', data: null });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('realName', 'Alice');
    await apiPost('/user/bind_idcard', form, { idempotencyKey: 'key-2' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Idempotency-Key')).toBe('key-2');
  });

  it('defaults the language to zn and sends no Authorization without a token', async () => {
    window.localStorage.clear();
    const fetchMock = reply(200, { code: 0, msg: '成功', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/common/config');
    const headers = new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('Accept-Language')).toBe('zn');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Idempotency-Key')).toBe(false);
  });

  it('throws the server code, localized msg, status and field messages otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      reply(400, {
        code: 1001,
        msg: 'Please check the highlighted fields',
        data: { fields: { phone: 'The phone number must be exactly 11 digits' } },
      }),
    );
    const error = await failure(apiPost('/user/register', {}));
    expect(error).toMatchObject({ code: 1001, status: 400, message: 'Please check the highlighted fields' });
    expect(error.fields).toEqual({ phone: 'The phone number must be exactly 11 digits' });
  });

  it('treats code != 0 as a failure even with HTTP 200', async () => {
    vi.stubGlobal('fetch', reply(200, { code: 2005, msg: 'Incorrect password', data: null }));
    const error = await failure(apiPost('/user/login', {}));
    expect(error).toMatchObject({ code: 2005, msg: 'Incorrect password' });
  });

  it('on 401 clears the token and sends the user to login with the way back', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    window.history.replaceState(null, '', '/my?tab=1');
    const onUnauthorized = vi.fn();
    setApiEventHandlers({ onUnauthorized });
    vi.stubGlobal(
      'fetch',
      reply(401, { code: 1102, msg: 'Your session has expired, please log in again', data: null }),
    );

    const error = await failure(apiPost('/user/details'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Your session has expired, please log in again');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('/my?tab=1');
    window.history.replaceState(null, '', '/');
  });

  it('on 401 while the user is logging out leaves the ending to the logout (no way back to the screen)', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'ending');
    window.history.replaceState(null, '', '/my');
    const onUnauthorized = vi.fn();
    setApiEventHandlers({ onUnauthorized });
    vi.stubGlobal(
      'fetch',
      reply(401, { code: 1102, msg: 'Your session has expired, please log in again', data: null }),
    );
    beginLeaving();

    const error = await failure(apiPost('/user/details'));

    expect(error.status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
    endSession({ byUser: true });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(isLeavingSession()).toBe(false);
    window.history.replaceState(null, '', '/');
  });

  it('times out after 10 000 ms with a localized message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = failure(apiPost('/user/details'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let isSettled = false;
    void pending.then(() => {
      isSettled = true;
    });
    await Promise.resolve();
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.timeout, message: 'Request timed out' });
  });

  it('says "Request aborted" when the caller aborts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = failure(apiPost('/user/details', {}, { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ code: CLIENT_ERROR_CODES.aborted, message: 'Request aborted' });
  });

  it('says "Network Error" when the request cannot be sent, in the stored language', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await failure(apiPost('/user/details'))).toMatchObject({
      code: CLIENT_ERROR_CODES.network,
      message: 'Network Error',
    });
  });

  it('reuses the last body when the server answers 304 to If-None-Match', async () => {
    const config = { web_name: 'Vela' };
    const first = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: config }), { status: 200, headers: { ETag: '"v1"' } }),
    );
    vi.stubGlobal('fetch', first);
    await apiPost('/common/config', {}, { useEtag: true });
    const second = vi.fn(async () => new Response(null, { status: 304 }));
    vi.stubGlobal('fetch', second);
    await expect(apiPost('/common/config', {}, { useEtag: true })).resolves.toEqual(config);
    const headers = new Headers((second.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('If-None-Match')).toBe('"v1"');
  });
});
