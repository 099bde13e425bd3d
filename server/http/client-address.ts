import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../env';

/**
 * The client address for throttling: the socket peer, or the first X-Forwarded-For entry when TRUST_PROXY.
 * Undefined when unknown (e.g. app.request in tests without a socket): then no per-address throttle applies.
 */
export function clientAddress(c: Context, env: Env): string | undefined {
  if (env.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address || undefined;
  } catch {
    return undefined;
  }
}
