// Response security headers, worked out once per process and set BEFORE the handler runs (request-log.ts): a header
// set on a finished response makes Hono rebuild it, which the polling hot path cannot afford.
// - every answer: nosniff, Referrer-Policy, Permissions-Policy, COOP, HSTS when served over https;
// - the API (/api, /forecourt/api): CORP same-origin and a CSP that lets nothing render;
// - the app's HTML: appCsp (static.ts), frame-ancestors = the host-app allowlist;
// - server-made pages (console, dev mailbox, demo sign-in): pageCsp, only their own inline style/script by hash.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Env } from '../env';
import { viaHttps } from './client-address';
import { type RealWallet, walletSources } from './wallet-scripts';

/** A CSP source for an inline script or style: its sha256, base64. */
export const hashSource = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A minimal CSP for a page the server writes itself: its own inline style and script (by hash), nothing else. */
export function pageCsp(opts: { styles?: string[]; scripts?: string[]; connect?: boolean; forms?: boolean }): string {
  const list = (items: string[] | undefined) => (items?.length ? items.map(hashSource).join(' ') : "'none'");
  return [
    "default-src 'none'",
    `script-src ${list(opts.scripts)}`,
    `style-src ${list(opts.styles)}`,
    "img-src 'self' data:",
    `connect-src ${opts.connect ? "'self'" : "'none'"}`,
    `form-action ${opts.forms ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The app's CSP. script-src 'self' plus the hashes of index.html's inline scripts (none today); style-src 'self': the
 * app's styles are files and React sets style properties through the CSSOM, which CSP allows, so no 'unsafe-inline'.
 * connect-src adds CSP_CONNECT_ORIGINS (wallet, basemap tiles, an API on another origin) and the origins the build
 * declared in index.html (connect-origins.ts). frame-ancestors: the app may
 * be embedded by its host apps only.
 */
export function appCsp(
  env: Env,
  inlineScripts: string[] = [],
  buildOrigins: string[] = [],
  wallets: readonly RealWallet[] = [],
): string {
  const ancestors = ["'self'", ...env.hostAppOrigins.filter((o) => o !== env.publicOrigin)];
  // The real wallets the build turned on (wallet-scripts.ts): their scripts, calls and sheet; none by default.
  const walletScripts = walletSources(wallets, 'script');
  const walletFrames = walletSources(wallets, 'frame');
  return [
    "default-src 'self'",
    `script-src 'self'${inlineScripts.map((s) => ` ${hashSource(s)}`).join('')}${walletScripts.map((s) => ` ${s}`).join('')}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${[...new Set(["'self'", ...env.cspConnectOrigins, ...buildOrigins, ...walletSources(wallets, 'connect')])].join(' ')}`,
    ...(walletFrames.length > 0 ? [`frame-src ${walletFrames.join(' ')}`] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'payment=(self)',
  'publickey-credentials-get=(self)',
  'publickey-credentials-create=(self)',
  'camera=()',
  'microphone=()',
  'display-capture=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'xr-spatial-tracking=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

type Pair = readonly [string, string];

export function securityHeaders(env: Env): (c: Context) => void {
  const common: Pair[] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  const api: Pair[] = [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Content-Security-Policy', API_CSP],
  ];
  return (c) => {
    for (const [name, value] of common) c.header(name, value);
    const path = c.req.path;
    if (path.startsWith('/api/') || path.startsWith('/forecourt/api/')) {
      for (const [name, value] of api) c.header(name, value);
    }
    // Over https: PUBLIC_URL says so, or a proxy of ours (TRUSTED_PROXIES) says the client came by https.
    if (viaHttps(c, env)) {
      c.header('Strict-Transport-Security', HSTS);
    }
  };
}
