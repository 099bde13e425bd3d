// The one retry policy (pay-flows.md §8: "station 3 attempts with 2 s pause; order 3 attempts with 2 s delays"):
// what may pass on a second try (no answer, a server hiccup) is tried again; a refusal (4xx) never is.
import { ApiError, CANCELLED } from './errors';

export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 2_000;

export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === CANCELLED) return false;
  return error.status === 0 || error.status >= 500;
}

/** For react-query's `retry` and `retryDelay`. */
export const retryPolicy = {
  retry: (failureCount: number, error: unknown) => failureCount < RETRY_ATTEMPTS && isRetryable(error),
  retryDelay: RETRY_DELAY_MS,
} as const;

/** How a failed write that waits in the outbox is treated: kept for later, or refused for good (db/outbox.ts). */
export function classifyFailure(error: unknown): 'offline' | 'retry' | 'refused' {
  if (!(error instanceof ApiError) || error.status === 0) return 'offline';
  if (error.status >= 500 || error.status === 408 || error.status === 429) return 'retry';
  return 'refused';
}
