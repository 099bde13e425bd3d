// The auth guard's reading of a failed GET user (shell-and-account.md §3: "On failure the local store is cleared and
// the user is logged in as a guest"). Pure.
import { ApiError } from '../../../lib/http/errors';

/** The statuses with which the server says the stored session is over: a malformed stored id, no longer valid, not
 * this user's, the account gone. */
const ENDED = [400, 401, 403, 404];

/**
 * Has the stored session ended? Only when the server says so. No signal (0), a cancelled request, a timeout (408),
 * a rate limit (429) or the server in trouble (5xx) say nothing about the session: the driver keeps it (signing a
 * driver out because the server was busy would lose their account on the device).
 */
export function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && ENDED.includes(error.status);
}
