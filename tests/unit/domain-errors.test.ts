// The one mapper from a domain error's kind to an HTTP status (server/http/errors.ts): every kind, table-style, with
// the body shape and Retry-After unchanged from the days services threw statuses themselves.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { DomainError, ERROR_KINDS, type ErrorKind, forbidden, notFound } from '../../server/errors';
import { onError, statusOfKind } from '../../server/http/errors';

const logged: unknown[] = [];
const ctx = { log: { error: (...args: unknown[]) => logged.push(args) } } as unknown as AppContext;

function answer(err: Error) {
  const app = new Hono();
  app.get('/x', () => {
    throw err;
  });
  app.onError(onError(ctx));
  return app.request('/x');
}

const TABLE: [ErrorKind, number][] = [
  ['invalid', 400],
  ['unauthenticated', 401],
  ['forbidden', 403],
  ['not_found', 404],
  ['conflict', 409],
  ['too_large', 413],
  ['unsupported', 415],
  ['unprocessable', 422],
  ['rate_limited', 429],
  ['internal', 500],
  ['upstream_failed', 502],
  ['unavailable', 503],
];

describe('domain error → HTTP status', () => {
  it('the table covers every kind', () => {
    expect(TABLE.map(([kind]) => kind).sort()).toEqual([...ERROR_KINDS].sort());
    expect(Object.keys(statusOfKind).sort()).toEqual([...ERROR_KINDS].sort());
  });

  it.each(TABLE)('%s is answered %i with the JSON error shape', async (kind, status) => {
    const res = await answer(new DomainError(kind, 'conflict', 'It went wrong', { why: kind }));
    expect(res.status).toBe(status);
    expect(res.headers.get('Retry-After')).toBeNull();
    expect(await res.text()).toBe(
      JSON.stringify({
        code: 'conflict',
        message: 'It went wrong',
        details: { why: kind },
        errorDescription: 'It went wrong',
      }),
    );
  });

  it('leaves details out when there are none', async () => {
    const res = await answer(notFound('No such order'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'not_found',
      message: 'No such order',
      errorDescription: 'No such order',
    });
  });

  it('sends retryAfter as Retry-After', async () => {
    const res = await answer(new DomainError('rate_limited', 'too_many_requests', 'Slow down', undefined, 42));
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('42');
  });

  it('keeps the helpers domain errors', () => {
    expect(forbidden()).toMatchObject({ kind: 'forbidden', code: 'forbidden' });
    expect(notFound()).toMatchObject({ kind: 'not_found', code: 'not_found' });
    expect('status' in notFound()).toBe(false);
  });

  it('answers anything else 500 without a stack, and logs it', async () => {
    const res = await answer(new Error('boom'));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side',
      errorDescription: 'Something went wrong on our side',
    });
    expect(logged).toHaveLength(1);
  });
});
