// The one typed error of the server. Services throw it; server/http/errors.ts turns it into the JSON error shape
// {code, message, details?, errorDescription} with its status.
import type { ErrorCode } from '../contract/errors';

export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ApiErrorStatus,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Seconds, sent as Retry-After (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, 'not_found', what);
export const forbidden = (message = 'You may not access this resource') => new ApiError(403, 'forbidden', message);
