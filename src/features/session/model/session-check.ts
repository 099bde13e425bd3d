// The auth guard's reading of a failed GET user (shell-and-account.md §3: "On failure the local store is cleared and
// the user is logged in as a guest"). Pure.
import { ApiError } from '../../../lib/http/errors';

/**
 * Has the stored session ended? Only when the server says so: a malformed stored id (400), no longer valid (401), not
 * this user's (403), the account gone (404). No signal (0), a cancelled request, a timeout (408), a rate limit (429) or
 * the server in trouble (5xx) say nothing about the session: the driver keeps it (signing a driver out because the
 * server was busy would lose their account on the device).
 */
export const sessionEnded = (error: unknown): boolean =>
  error instanceof ApiError && [400, 401, 403, 404].includes(error.status);
