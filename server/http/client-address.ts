// Who is calling: the client address (throttles, rate limits) and whether the caller is on this machine (the
// development mailbox, the forecourt console and the sandbox identity pages in DEMO_MODE answer only loopback clients).
// A proxy is believed only when the socket's peer is one of TRUSTED_PROXIES (issue 32.4, 32.8): then the client is the
// last X-Forwarded-For entry (or Forwarded for=, or X-Real-IP) that is not itself one of our proxies; anything left of
// it is what the client claims, never used.
import { BlockList, isIP } from 'node:net';
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

const proxyLists = new WeakMap<Env, BlockList>();

/** TRUSTED_PROXIES as a matcher (built once per configuration). */
function trustedProxies(env: Env): BlockList {
  let list = proxyLists.get(env);
  if (!list) {
    list = new BlockList();
    for (const entry of env.trustedProxies) {
      const [address = '', prefix] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    proxyLists.set(env, list);
  }
  return list;
}

function isTrustedProxy(env: Env, address: string | undefined): boolean {
  if (!address || env.trustedProxies.length === 0) return false;
  const a = normalize(address);
  const type = isIP(a);
  return type !== 0 && trustedProxies(env).check(a, type === 6 ? 'ipv6' : 'ipv4');
}

/** The addresses a proxy says it forwarded for, nearest last: X-Forwarded-For, else Forwarded's for=, else X-Real-IP. */
function forwardedChain(c: Context): string[] {
  const xff = c.req.header('x-forwarded-for');
  if (xff) {
    return xff
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  const forwarded = c.req.header('forwarded');
  if (forwarded) {
    const out: string[] = [];
    for (const match of forwarded.matchAll(/for=("?)\[?([^\]";,\s]+)\]?\1/gi)) {
      const value = match[2] ?? '';
      // for="192.0.2.1:4711" and for="[2001:db8::1]:4711": drop the port.
      out.push(isIP(value) ? value : value.replace(/:\d+$/, ''));
    }
    return out;
  }
  const real = c.req.header('x-real-ip')?.trim();
  return real ? [real] : [];
}

/**
 * The client address: the socket peer; or, when the peer is one of our proxies (TRUSTED_PROXIES), the nearest
 * forwarded address that is not one of our proxies. A trusted proxy that names nobody leaves its own address (the
 * throttles then count the proxy, never nobody). Undefined when unknown (app.request in tests without a socket): then
 * no per-address throttle applies.
 */
export function clientAddress(c: Context, env: Env): string | undefined {
  const peer = socketAddress(c);
  if (!isTrustedProxy(env, peer)) return peer;
  const chain = forwardedChain(c);
  for (let i = chain.length - 1; i >= 0; i--) {
    const entry = normalize(chain[i] ?? '');
    if (!isIP(entry)) return peer; // a proxy of ours always writes an address: this one is garbage, stop believing
    if (!isTrustedProxy(env, entry)) return entry;
  }
  return chain.length > 0 ? normalize(chain[0] ?? '') : peer;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = normalize(address);
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a) || a === '::1';
}

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** Headers that only a proxy (or a client pretending to be behind one) sends. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
];

/** HTTP/1.0: what nginx's plain `proxy_pass` speaks to its upstream (browsers and curl speak 1.1 or later). */
function speaksHttp10(c: Context): boolean {
  const version = (c.env as { incoming?: { httpVersion?: string } } | undefined)?.incoming?.httpVersion;
  return version === '1.0' || version === '0.9';
}

/**
 * True for a caller on this machine, talking to us by a local name:
 * - the socket's peer is loopback and NOT one of our proxies, and nothing says it forwards for someone else (no
 *   forwarding header of any kind, not HTTP/1.0 as a plain nginx proxy_pass speaks): a proxy on this machine that adds
 *   nothing at all cannot be told from a local client, so TRUSTED_PROXIES must name it (then nothing it forwards is
 *   local);
 * - the Host header names localhost, a loopback address or PUBLIC_URL's host (a DNS-rebinding page that resolves its
 *   own name to 127.0.0.1 keeps its own name in Host).
 */
export function isLoopbackClient(c: Context, env: Env): boolean {
  const peer = socketAddress(c);
  if (!isLoopbackAddress(peer) || isTrustedProxy(env, peer)) return false;
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  if (speaksHttp10(c)) return false;
  // The request URL is built from the Host header (@hono/node-server).
  let host: string;
  try {
    host = new URL(c.req.url).hostname;
  } catch {
    return false;
  }
  return LOOPBACK_HOST.test(host) || host === new URL(env.publicUrl).hostname;
}

/** Whether the request reached us over https: an https PUBLIC_URL, or one of our proxies says so. */
export function viaHttps(c: Context, env: Env): boolean {
  if (env.publicUrl.startsWith('https:')) return true;
  if (!isTrustedProxy(env, socketAddress(c))) return false;
  const proto =
    c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() ??
    c.req.header('forwarded')?.match(/proto=("?)(https?)\1/i)?.[2];
  return proto?.toLowerCase() === 'https';
}
