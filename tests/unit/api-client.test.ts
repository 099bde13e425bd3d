import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../../src/lib/constants';
import { apiErrorState } from '../../src/lib/http/api-error-state';
import { createApiClient, lazySchema, requestHeaders } from '../../src/lib/http/client';
import { setErrorReporter, shouldReport } from '../../src/lib/http/error-reporter';
import { ApiError } from '../../src/lib/http/errors';

type Call = { url: string; method: string; headers: Headers; body: string | null };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const call = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: (await request.text()) || null,
    };
    calls.push(call);
    return respond(call);
  }) as typeof fetch;
  return { fetcher, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(fetcher: typeof fetch, token: string | null = 'tok', handlers: Record<string, () => void> = {}) {
  let n = 0;
  return createApiClient({
    baseUrl: 'http://api.test/api',
    getToken: () => token,
    getLanguage: () => 'de',
    fetch: fetcher,
    newCorrelationId: () => `cid-${++n}`,
    onUnauthorized: handlers.onUnauthorized,
    onPasswordExpired: handlers.onPasswordExpired,
  });
}

afterEach(() => {
  apiErrorState.set(null);
  setErrorReporter(() => {});
});

describe('request headers (pay-flows.md §7)', () => {
  it('carries the bearer token when logged in, the locale, the app version and a correlation id', () => {
    expect(requestHeaders('tok', 'fr', 'c1')).toEqual({
      Authorization: 'Bearer tok',
      'X-Locale': 'fr-FR',
      'X-App-Version': 'webapp-release-v6.9.4',
      'X-Correlation-Id': 'c1',
    });
  });
  it('has no Authorization header when logged out and locale en-GB by default', () => {
    const headers = requestHeaders(null, null, 'c1');
    expect(headers.Authorization).toBeUndefined();
    expect(headers['X-Locale']).toBe('en-GB');
  });
  it('times out after 30 s', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });
});

describe('the client', () => {
  it('sends the headers on every request with a fresh correlation id and parses the answer', async () => {
    const { fetcher, calls } = fakeFetch(() => json(200, { ok: true }));
    const api = client(fetcher);
    await api.request('users/1', z.object({ ok: z.boolean() }));
    await api.request('users/1', z.object({ ok: z.boolean() }));
    expect(calls[0]!.url).toBe('http://api.test/api/users/1');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(calls[0]!.headers.get('x-locale')).toBe('de-DE');
    expect(calls[0]!.headers.get('x-app-version')).toBe('webapp-release-v6.9.4');
    expect(calls[0]!.headers.get('x-correlation-id')).toBe('cid-1');
    expect(calls[1]!.headers.get('x-correlation-id')).toBe('cid-2');
  });

  it('sends JSON bodies and search params', async () => {
    const { fetcher, calls } = fakeFetch(() => json(200, {}));
    await client(fetcher).request('v4/users/preferences', z.object({}), {
      method: 'PATCH',
      json: { preferredThing: 'x' },
      searchParams: { includeArchived: true, skip: undefined },
    });
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.url).toBe('http://api.test/api/v4/users/preferences?includeArchived=true');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ preferredThing: 'x' });
  });

  it('rejects a failed response with an ApiError and stores its errorDescription in the UI state', async () => {
    const { fetcher } = fakeFetch(() =>
      json(409, { code: 'email_has_account', message: 'Email taken', errorDescription: 'Email taken' }),
    );
    const error = await client(fetcher, null)
      .request('auth/register', z.unknown(), { method: 'POST', json: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'email_has_account', errorDescription: 'Email taken' });
    expect(apiErrorState.get()).toBe('Email taken');
  });

  it('rejects an answer that does not match the contract', async () => {
    const { fetcher } = fakeFetch(() => json(200, { nope: 1 }));
    await expect(client(fetcher).request('x', z.object({ ok: z.boolean() }))).rejects.toMatchObject({
      code: 'bad_response',
    });
  });

  it('a network failure becomes network_error', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(client(fetcher).request('x', z.unknown())).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('a cancelled request becomes cancelled and is not reported', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const controller = new AbortController();
    const fetcher = ((input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : init?.signal;
        const abort = () => reject(new DOMException('aborted', 'AbortError'));
        if (signal?.aborted) abort();
        signal?.addEventListener('abort', abort);
      })) as typeof fetch;
    const pending = client(fetcher).request('x', z.unknown(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(reporter).not.toHaveBeenCalled();
  });

  it('a 401 on a session call leads to the unauthorized handler (guest login)', async () => {
    const onUnauthorized = vi.fn();
    const { fetcher } = fakeFetch(() => json(401, { code: 'invalid_session', message: 'x' }));
    await expect(client(fetcher, 'tok', { onUnauthorized }).request('users/1', z.unknown())).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('a 401 on login does not', async () => {
    const onUnauthorized = vi.fn();
    const { fetcher } = fakeFetch(() => json(401, { code: 'wrong_login_details', message: 'x' }));
    await expect(
      client(fetcher, null, { onUnauthorized }).request('auth/login/local', z.unknown(), { method: 'POST', json: {} }),
    ).rejects.toMatchObject({ code: 'wrong_login_details' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('403 temp_pass sends the user to change the password', async () => {
    const onPasswordExpired = vi.fn();
    const { fetcher } = fakeFetch(() => json(403, { code: 'temp_pass', message: 'x' }));
    await expect(
      client(fetcher, 'tok', { onPasswordExpired }).request('v4/users/preferences', z.unknown()),
    ).rejects.toThrow();
    expect(onPasswordExpired).toHaveBeenCalledOnce();
  });
});

describe('error reporting (pay-flows.md §8)', () => {
  it.each([401, 403, 422])('does not report %i on local and openId login', (status) => {
    expect(shouldReport(new ApiError(status, 'x'), 'auth/login/local')).toBe(false);
    expect(shouldReport(new ApiError(status, 'x'), '/auth/login/openId')).toBe(false);
  });
  it('reports other login failures and failures elsewhere', () => {
    expect(shouldReport(new ApiError(500, 'internal_error'), 'auth/login/local')).toBe(true);
    expect(shouldReport(new ApiError(429, 'too_many_requests'), 'auth/login/local')).toBe(true);
    expect(shouldReport(new ApiError(401, 'invalid_session'), 'users/1')).toBe(true);
  });
  it('does not report cancelled requests', () => {
    expect(shouldReport(new ApiError(0, 'cancelled'), 'users/1')).toBe(false);
  });
  it('sends reportable failures to the plugged reporter', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const { fetcher } = fakeFetch(() => json(500, { code: 'internal_error', message: 'x' }));
    await client(fetcher)
      .request('users/1', z.unknown())
      .catch(() => {});
    expect(reporter).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', path: 'users/1', correlationId: 'cid-1' }),
    );
  });
});

describe('lazy response schemas (issue 16: zod out of the start-up code)', () => {
  const answer = z.object({ id: z.string(), amount: z.number().int() });

  it('parses with a schema loaded beside the request, loading it once for many calls', async () => {
    const { fetcher } = fakeFetch(() => json(200, { id: 'o1', amount: 1250, extra: true }));
    const load = vi.fn(async () => answer);
    const schema = lazySchema(load);
    const api = client(fetcher);
    await expect(api.request('v4/order/o1', schema)).resolves.toEqual({ id: 'o1', amount: 1250 });
    await expect(api.request('v4/order/o1', schema)).resolves.toEqual({ id: 'o1', amount: 1250 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('still refuses a malformed answer: a clear ApiError, not the unchecked body', async () => {
    const { fetcher } = fakeFetch(() => json(200, { id: 'o1', amount: '12.50' }));
    const error = await client(fetcher)
      .request(
        'v4/order/o1',
        lazySchema(async () => answer),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'bad_response' });
  });

  it('a schema that cannot load fails the call as a network error and is tried again on the next call', async () => {
    const { fetcher } = fakeFetch(() => json(200, { id: 'o1', amount: 1 }));
    let attempts = 0;
    const schema = lazySchema(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return answer;
    });
    const api = client(fetcher);
    await expect(api.request('v4/order/o1', schema)).rejects.toMatchObject({ status: 0, code: 'network_error' });
    await expect(api.request('v4/order/o1', schema)).resolves.toEqual({ id: 'o1', amount: 1 });
  });

  it('without signal the schema is not loaded beside a request that fails, only when an answer comes', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const load = vi.fn(async () => answer);
      const failing = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      await expect(client(failing.fetcher).request('v4/order/o1', lazySchema(load))).rejects.toMatchObject({
        code: 'network_error',
      });
      expect(load).not.toHaveBeenCalled();
      const answering = fakeFetch(() => json(200, { id: 'o1', amount: 5 }));
      await expect(client(answering.fetcher).request('v4/order/o1', lazySchema(load))).resolves.toEqual({
        id: 'o1',
        amount: 5,
      });
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      onLine.mockRestore();
    }
  });

  it('with signal the schema starts loading beside the fetch, before the answer', async () => {
    const load = vi.fn(async () => answer);
    let loadedBeforeAnswer = false;
    const { fetcher } = fakeFetch(() => {
      loadedBeforeAnswer = load.mock.calls.length === 1;
      return json(200, { id: 'o1', amount: 5 });
    });
    await client(fetcher).request('v4/order/o1', lazySchema(load));
    expect(loadedBeforeAnswer).toBe(true);
  });

  it('a failed request with a schema still loading leaves no unhandled rejection', async () => {
    const { fetcher } = fakeFetch(() => json(404, { code: 'not_found' }));
    const schema = lazySchema(() => Promise.reject(new Error('chunk gone')));
    await expect(client(fetcher).request('v4/order/x', schema)).rejects.toMatchObject({ status: 404 });
  });
});
