// Who is calling: the client address (throttles, rate limits) and whether the caller is on this machine (the
// development mailbox and the forecourt console in DEMO_MODE answer only loopback clients).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../env';

const normalize = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function socketAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalize(address) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client address: the socket peer, or with TRUST_PROXY=n the address our n-th proxy from the end saw. Each proxy
 * appends the address it was called from, so only the last n entries of X-Forwarded-For are ours; anything left of
 * them is what the client claims (spoofable), never used. Undefined when unknown (app.request in tests without a
 * socket): then no per-address throttle applies.
 */
export function clientAddress(c: Context, env: Env): string | undefined {
  if (env.trustProxy > 0) {
    const list = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const entry = list[Math.max(0, list.length - env.trustProxy)];
    if (entry) return normalize(entry);
  }
  return socketAddress(c);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = normalize(address);
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a) || a === '::1';
}

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/**
 * True for a caller on this machine, talking to us by a local name:
 * - the client address (above) is loopback. Without TRUST_PROXY a loopback socket that carries a forwarding header is a
 *   proxy speaking for someone else, not a local client;
 * - the Host header names localhost, a loopback address or PUBLIC_URL's host (a DNS-rebinding page that resolves its
 *   own name to 127.0.0.1 keeps its own name in Host).
 */
export function isLoopbackClient(c: Context, env: Env): boolean {
  if (!isLoopbackAddress(clientAddress(c, env))) return false;
  if (env.trustProxy === 0 && (c.req.header('x-forwarded-for') || c.req.header('forwarded'))) return false;
  // The request URL is built from the Host header (@hono/node-server).
  let host: string;
  try {
    host = new URL(c.req.url).hostname;
  } catch {
    return false;
  }
  return LOOPBACK_HOST.test(host) || host === new URL(env.publicUrl).hostname;
}
