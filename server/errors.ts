// The one typed error of the server. Services (and the sandbox payment provider) throw it in the words of the
// domain — what kind of failure it is, never an HTTP status; the one mapper at the HTTP edge (server/http/errors.ts,
// statusOfKind) answers it as the JSON error shape {code, message, details?, errorDescription} with its status.
import type { ErrorCode } from '../contract/errors';

export const ERROR_KINDS = [
  /** The input cannot be read at all: malformed, not valid JSON or Unicode, failing the schema. */
  'invalid',
  /** No (valid) session or credentials. */
  'unauthenticated',
  /** The caller is known but may not do this. */
  'forbidden',
  'not_found',
  /** The resource's state does not allow it now (already paid, the pump is busy, a duplicate). */
  'conflict',
  'too_large',
  /** The input comes in a form that is not supported (a media type). */
  'unsupported',
  /** Well-formed, but refused by a business rule (a weak password, a card declined, an expired code). */
  'unprocessable',
  /** Too many attempts; retryAfter says when to try again. */
  'rate_limited',
  'internal',
  /** A provider we depend on answered badly. */
  'upstream_failed',
  /** A provider or part of the system cannot be reached now. */
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Seconds until a retry may succeed (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const isDomainError = (err: unknown, kind?: ErrorKind): err is DomainError =>
  err instanceof DomainError && (kind === undefined || err.kind === kind);

export const notFound = (what = 'Not found') => new DomainError('not_found', 'not_found', what);
export const forbidden = (message = 'You may not access this resource') =>
  new DomainError('forbidden', 'forbidden', message);
