// A pluggable error reporter (pay-flows.md §8 Reporting). The default writes to the console; a host can plug in its own.
import type { ApiError } from './errors';

export type ErrorReport = { error: ApiError; method: string; path: string; correlationId: string };
export type ErrorReporter = (report: ErrorReport) => void;

let reporter: ErrorReporter = ({ error, method, path, correlationId }) => {
  console.warn(`[api] ${method} ${path} -> ${error.status} ${error.code} (${correlationId})`);
};

export function setErrorReporter(next: ErrorReporter): void {
  reporter = next;
}

const LOGIN_PATHS = ['auth/login/local', 'auth/login/openId'];

/**
 * "Login failures with 401, 403 or 422 on local and openId login, and cancelled requests, are not sent to the error
 *  reporter; every other failure is."
 */
export function shouldReport(error: ApiError, path: string): boolean {
  if (error.code === 'cancelled') return false;
  const normalized = path.replace(/^\/+/, '');
  if (LOGIN_PATHS.includes(normalized) && [401, 403, 422].includes(error.status)) return false;
  return true;
}

export function reportError(report: ErrorReport): void {
  if (shouldReport(report.error, report.path)) reporter(report);
}
