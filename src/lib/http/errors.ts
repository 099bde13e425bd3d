// Typed API errors: every failure the app sees is an ApiError with a status and a stable code.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errorDescription: string | undefined;
  readonly details: unknown;

  constructor(status: number, code: string, errorDescription?: string, details?: unknown) {
    super(errorDescription ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errorDescription = errorDescription;
    this.details = details;
  }
}

/** Status 0: no answer (offline, DNS, refused); -1: the request was cancelled; -2: timed out; -3: bad answer. */
export const NETWORK_ERROR = 'network_error';
export const CANCELLED = 'cancelled';
export const TIMEOUT = 'timeout';
export const BAD_RESPONSE = 'bad_response';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
