// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The real wallets' scripts are allowed by the page's CSP only when the build turned that wallet on
// (server/http/wallet-scripts.ts, carried by a meta tag of index.html from scripts/connect-origins.ts).
import { describe, expect, it } from 'vitest';
import type { Env } from '../../server/env';
import { appCsp } from '../../server/http/security-headers';
import { declaredWallets, WALLET_SCRIPTS_META, walletsOfBuild } from '../../server/http/wallet-scripts';

const env = { hostAppOrigins: [], publicOrigin: 'http://localhost:8080', cspConnectOrigins: [] } as unknown as Env;
const page = (content: string) =>
  `<!doctype html><head><meta name="${WALLET_SCRIPTS_META}" content="${content}"></head>`;
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? null;

describe('wallet scripts in the CSP', () => {
  it('a build with no real wallet (the sandbox sheet) allows only its own scripts and no frames', () => {
    expect(walletsOfBuild({})).toEqual([]);
    const csp = appCsp(env, [], [], declaredWallets('<!doctype html><title>x</title>'));
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-src')).toBeNull();
  });
  it('the VITE_ flags turn on each wallet: Google Pay (test or production), Amazon Pay (real)', () => {
    expect(walletsOfBuild({ VITE_GOOGLE_PAY: 'test' })).toEqual(['google-pay']);
    expect(walletsOfBuild({ VITE_GOOGLE_PAY: 'production', VITE_AMAZON_PAY: 'real' })).toEqual([
      'google-pay',
      'amazon-pay',
    ]);
    expect(walletsOfBuild({ VITE_GOOGLE_PAY: 'sandbox', VITE_AMAZON_PAY: 'yes', VITE_APPLE_PAY: 'real' })).toEqual([]);
  });
  it('Google Pay on: its script, calls and sheet frame; Amazon Pay stays blocked', () => {
    const csp = appCsp(env, [], [], declaredWallets(page('google-pay')));
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://pay.google.com");
    expect(directive(csp, 'frame-src')).toBe('frame-src https://pay.google.com');
    expect(directive(csp, 'connect-src')).toContain('https://pay.google.com');
    expect(csp).not.toContain('payments-amazon.com');
  });
  it('Amazon Pay on: its checkout.js host', () => {
    const csp = appCsp(env, [], [], declaredWallets(page('amazon-pay')));
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://static-eu.payments-amazon.com");
    expect(csp).not.toContain('pay.google.com');
  });
  it('the page cannot widen its CSP: unknown names and origins in the meta tag are ignored', () => {
    expect(declaredWallets(page('https://evil.example google-pay script-src *'))).toEqual(['google-pay']);
    expect(declaredWallets(page('https://evil.example'))).toEqual([]);
  });
});
