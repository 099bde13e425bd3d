// Issue 10.1 (critical): the development mailbox handed out temporary passwords to anyone. It exists only in
// DEMO_MODE (with MAIL_TRANSPORT=mailbox) and answers only clients on this machine; outside DEMO_MODE the server
// needs a real transport (SMTP, or MAIL_TRANSPORT=log) and serves no /dev route.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../server/env';
import { deliverMail, drivers, registerUser, type TestServer, useServer } from './helpers';

const REMOTE = '203.0.113.5';

describe('mail transport configuration', () => {
  it('refuses to start outside DEMO_MODE without a mail transport', () => {
    expect(() => loadEnv({ DEMO_MODE: 'false' })).toThrow(ConfigError);
    expect(() => loadEnv({ DEMO_MODE: 'false' })).toThrow(/MAIL_TRANSPORT/);
    expect(() => loadEnv({ DEMO_MODE: 'false', NODE_ENV: 'production' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('has no development mailbox outside DEMO_MODE, even when asked for', () => {
    expect(() => loadEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'mailbox' })).toThrow(/DEMO_MODE/);
    expect(() => loadEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_HOST/);
    expect(loadEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' }).mailTransport).toBe('log');
    expect(loadEnv({ DEMO_MODE: 'false', SMTP_HOST: 'smtp.example' }).mailTransport).toBe('smtp');
    expect(loadEnv({}).mailTransport).toBe('mailbox');
  });
});

describe.each(drivers)('development mailbox (%s)', (driver) => {
  const t = useServer(driver);

  const reset = async (server: TestServer) => {
    const u = await registerUser(server);
    await server.request('/api/auth/resend-password', { body: { email: u.email } });
    await deliverMail(server);
    return u;
  };

  it('outside DEMO_MODE no /dev route exists (404), the mail goes to the log', async () => {
    const lines: string[] = [];
    const prod = await t.server.withEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' });
    prod.ctx.log = { info: (line) => lines.push(line), error: () => {} };
    const u = await reset(prod);
    for (const path of [
      '/dev/mail',
      `/dev/mail/000000000000000000000000`,
      `/api/dev/mail?to=${encodeURIComponent(u.email)}`,
      '/dev/oidc/jwks.json',
      '/dev/oidc/.well-known/openid-configuration',
      '/dev/oidc/authorize',
    ]) {
      const res = await prod.request(path, { address: '127.0.0.1' });
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('temporary');
    }
    // MAIL_TRANSPORT=log is for development: the whole mail is in the log there.
    expect(lines.some((l) => l.includes(u.email) && /password is: \S{12}/.test(l))).toBe(true);
  });

  it('with NODE_ENV=production, MAIL_TRANSPORT=log keeps the body (the temporary password) out of the log', async () => {
    const lines: string[] = [];
    const prod = await t.server.withEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log', NODE_ENV: 'production' });
    prod.ctx.log = { info: (line) => lines.push(line), error: () => {} };
    const u = await reset(prod);
    const mine = lines.filter((l) => l.includes(u.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('Your temporary Forecourt Pay password');
    expect(mine[0]).not.toMatch(/password is/);
  });

  it('in DEMO_MODE answers only loopback clients (403 for others), the JSON API and the pages alike', async () => {
    const u = await reset(t.server);
    const list = `/api/dev/mail?to=${encodeURIComponent(u.email)}`;
    for (const path of ['/dev/mail', list, '/dev/mail/000000000000000000000000']) {
      const remote = await t.server.request(path, { address: REMOTE });
      expect(remote.status, path).toBe(403);
      expect(remote.body.code).toBe('forbidden');
      expect(remote.text).not.toContain('password is');
    }
    // No socket address known: not a local client either.
    expect((await t.server.request(list, { address: '' })).status).toBe(403);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.53']) {
      const local = await t.server.request(list, { address });
      expect(local.status, address).toBe(200);
      expect(local.body[0].text).toMatch(/password is: \S{12}/);
    }
  });

  it('cannot be reached through a proxy or a forged header (X-Forwarded-For, DNS rebinding)', async () => {
    await reset(t.server);
    // A loopback socket that forwards for someone is a local proxy speaking for the network, whatever it forwards.
    const forwarding: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': REMOTE },
      { forwarded: 'for=1.2.3.4' },
      { 'x-real-ip': REMOTE },
      { via: '1.1 proxy.example' },
    ];
    for (const headers of forwarding) {
      expect((await t.server.request('/dev/mail', { address: '127.0.0.1', headers })).status).toBe(403);
    }
    // Through a proxy of ours (TRUSTED_PROXIES) nothing is local, whatever it forwards: the proxy speaks for others.
    const proxied = await t.server.withEnv({ TRUSTED_PROXIES: '127.0.0.1' });
    const via = (xff: string) =>
      proxied.request('/api/dev/mail', { address: '127.0.0.1', headers: { 'x-forwarded-for': xff } });
    expect((await via(`127.0.0.1, ${REMOTE}`)).status).toBe(403);
    expect((await via(REMOTE)).status).toBe(403);
    expect((await via('127.0.0.1')).status).toBe(403);
    expect((await proxied.request('/api/dev/mail', { address: '127.0.0.1' })).status).toBe(403);
    // A page of another site whose name resolves to 127.0.0.1 keeps its own name in Host.
    const app = (await import('../../server/app')).createApp(t.server.ctx);
    const rebound = await app.request(
      'http://evil.example:8080/api/dev/mail',
      {},
      {
        incoming: { socket: { remoteAddress: '127.0.0.1' } },
      },
    );
    expect(rebound.status).toBe(403);
  });

  it('is readable on a phone: long lines wrap, the layout has no fixed width', async () => {
    const u = await registerUser(t.server, { email: `a-very-long-local-part-${'x'.repeat(60)}@example.com` });
    await t.server.request('/api/auth/resend-password', { body: { email: u.email } });
    await deliverMail(t.server);
    const page = await t.server.request('/dev/mail', { address: '127.0.0.1' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.text).toContain('overflow-wrap:anywhere');
    expect(page.text).toContain('grid-template-columns:max-content minmax(0,1fr)');
    expect(page.text).toMatch(/@media \(max-width:30rem\)\{dl\{grid-template-columns:minmax\(0,1fr\)\}/);
    expect(page.text).not.toMatch(/width:\s*\d+px/);
  });
});
