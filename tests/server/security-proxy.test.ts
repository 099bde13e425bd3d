// Issue 32.4 and 32.8: who is on this machine, and whose X-Forwarded-For is believed.
// 4: behind a proxy that adds no X-Forwarded-For (nginx's plain proxy_pass speaks HTTP/1.0; X-Real-IP-only set-ups)
//    every client looked like loopback, so the mailbox, the console and the sandbox sign-in pages answered the internet.
// 8: with TRUST_PROXY=1, X-Forwarded-For was believed from any caller, so anyone reaching the port directly chose the
//    address its throttles counted. Now only TRUSTED_PROXIES (addresses or CIDRs) are believed.

import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { ConfigError, loadEnv } from '../../server/env';
import { drivers, uniqueEmail, useServer } from './helpers';

const LOCAL_PAGES = ['/dev/mail', '/forecourt', '/dev/amazon/sign-in', '/dev/oidc/.well-known/openid-configuration'];

describe.each(drivers)('loopback clients and trusted proxies (%s)', (driver) => {
  const t = useServer(driver);

  /** A request as it arrives on a socket: its peer address, its HTTP version, its headers. */
  const raw = (path: string, peer: string, opts: { httpVersion?: string; headers?: Record<string, string> } = {}) =>
    createApp(t.server.ctx).request(
      `http://localhost:8080${path}`,
      { headers: opts.headers ?? {} },
      { incoming: { socket: { remoteAddress: peer }, httpVersion: opts.httpVersion ?? '1.1' } },
    );

  it('a local browser (loopback peer, HTTP/1.1, no forwarding header) reaches the DEMO_MODE pages', async () => {
    for (const path of LOCAL_PAGES) {
      const res = await raw(path, '127.0.0.1');
      expect(res.status, path).not.toBe(403);
    }
  });

  it("a proxy that adds no X-Forwarded-For is not a local client: X-Real-IP only, or nginx's plain proxy_pass (HTTP/1.0)", async () => {
    for (const path of LOCAL_PAGES) {
      expect((await raw(path, '127.0.0.1', { headers: { 'x-real-ip': '203.0.113.7' } })).status, path).toBe(403);
      expect((await raw(path, '::1', { headers: { via: '1.1 edge' } })).status, path).toBe(403);
      // nginx without proxy_set_header: HTTP/1.0, Host = the upstream's (localhost), nothing else.
      expect((await raw(path, '127.0.0.1', { httpVersion: '1.0' })).status, path).toBe(403);
    }
  });

  it('through a proxy named in TRUSTED_PROXIES nothing is local, whatever it forwards', async () => {
    const proxied = await t.server.withEnv({ TRUSTED_PROXIES: '127.0.0.1' });
    const app = createApp(proxied.ctx);
    const forwarded: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }];
    for (const headers of forwarded) {
      const res = await app.request(
        'http://localhost:8080/dev/mail',
        { headers },
        {
          incoming: { socket: { remoteAddress: '127.0.0.1' }, httpVersion: '1.1' },
        },
      );
      expect(res.status).toBe(403);
    }
  });

  describe('whose X-Forwarded-For counts for the throttles', () => {
    const failLogin = (s: typeof t.server, peer: string, forwardedFor?: string) =>
      s.request('/api/auth/login/local', {
        body: { email: uniqueEmail('proxy'), password: 'whatever-1' },
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        address: peer,
      });
    const octet = () => Math.floor(Math.random() * 250) + 1;

    it('a caller that is not one of our proxies cannot choose its address with X-Forwarded-For', async () => {
      const s = await t.server.withEnv({ LOGIN_MAX_FAILURES_PER_ADDRESS: '2', TRUSTED_PROXIES: '10.0.0.5' });
      const attacker = `203.0.${octet()}.${octet()}`;
      expect((await failLogin(s, attacker, `198.51.100.${octet()}`)).status).toBe(401);
      expect((await failLogin(s, attacker, `198.51.100.${octet()}`)).status).toBe(401);
      expect((await failLogin(s, attacker, `198.51.100.${octet()}`)).status).toBe(429);
    });

    it('our proxy (an address or a CIDR, IPv4 or IPv6) is believed: the nearest address that is not ours counts', async () => {
      const s = await t.server.withEnv({
        LOGIN_MAX_FAILURES_PER_ADDRESS: '2',
        TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8',
      });
      const client = `172.16.${octet()}.${octet()}`;
      // The client claims something (left); the outer proxy 10.1.1.1 saw the client; the inner one saw 10.1.1.1.
      expect((await failLogin(s, '10.0.0.5', `6.6.6.6, ${client}, 10.1.1.1`)).status).toBe(401);
      expect((await failLogin(s, 'fd00::1', `7.7.7.7, ${client}`)).status).toBe(401);
      expect((await failLogin(s, '10.0.0.5', client)).status).toBe(429);
      // Another client behind the same proxy is counted apart.
      expect((await failLogin(s, '10.0.0.5', `172.17.${octet()}.${octet()}`)).status).toBe(401);
    });
  });
});

describe('TRUSTED_PROXIES configuration', () => {
  const base = { MAIL_TRANSPORT: 'log' };
  it('takes addresses and CIDRs, and refuses anything else with the entry named', () => {
    expect(loadEnv({ ...base, TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,fd00::/8 , ::1' }).trustedProxies).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
    ]);
    for (const bad of ['proxy.example', '10.0.0.0/33', '1.2.3.4/8/9', 'fd00::/129']) {
      expect(() => loadEnv({ ...base, TRUSTED_PROXIES: bad })).toThrow(new RegExp(bad.replace(/[./]/g, '\\$&')));
    }
  });

  it('refuses the old TRUST_PROXY (which believed any caller) and says what replaces it', () => {
    expect(() => loadEnv({ ...base, TRUST_PROXY: '1' })).toThrow(ConfigError);
    expect(() => loadEnv({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadEnv({ ...base, TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
  });
});
