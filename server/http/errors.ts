// One JSON error shape for every failure: {code, message, details?, errorDescription} (errorDescription mirrors
// message for older clients, pay-flows.md §8). Unexpected errors are logged and answered as 500 without a stack.
// This is the one place where a domain error's kind becomes an HTTP status (statusOfKind).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ErrorCode } from '../../contract/errors';
import type { AppContext } from '../context';
import { sqlStateOf } from '../db/errors';
import { DomainError, type ErrorKind } from '../errors';

export const statusOfKind = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
} as const satisfies Record<ErrorKind, ContentfulStatusCode>;

export function errorResponse(c: Context, status: number, code: ErrorCode, message: string, details?: unknown) {
  const body: ApiErrorBody = {
    code,
    message,
    ...(details !== undefined ? { details } : {}),
    errorDescription: message,
  };
  return c.json(body, status as ContentfulStatusCode);
}

export function onError(ctx: AppContext) {
  return (err: Error, c: Context) => {
    if (err instanceof DomainError) {
      if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
      return errorResponse(c, statusOfKind[err.kind], err.code, err.message, err.details);
    }
    const sqlState = sqlStateOf(err);
    if (sqlState?.startsWith('22')) {
      // A data exception from the database: a value it cannot store or compare, from the request (a NUL character
      // in an id, a number out of range). The request is at fault, not the server.
      return errorResponse(
        c,
        400,
        'bad_request',
        'The request contains a value that cannot be used (e.g. a NUL character)',
      );
    }
    ctx.log.error(`unexpected error on ${c.req.method} ${c.req.path} [${c.get('correlationId') ?? '-'}]`, err);
    return errorResponse(c, 500, 'internal_error', 'Something went wrong on our side');
  };
}
