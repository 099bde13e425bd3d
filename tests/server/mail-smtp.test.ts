// Issue 36: mail against a real SMTP server (nodemailer's smtp-server) on loopback, with STARTTLS and a certificate of
// a test CA checked in at tests/server/fixtures/smtp-tls (made with openssl: ca.pem signs relay.pem for localhost and
// 127.0.0.1; the CA's key was thrown away). The mail queue, the relay check, TLS required, the password that changes
// only once the relay accepted the mail, and the driver's language.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../server/create-context';
import { mailQueue, users } from '../../server/db/schema';
import { drivers, PASSWORD, type TestServer, uniqueEmail, useServer } from './helpers';
import { CA_FILE, startRelay } from './smtp-relay';

describe.each(drivers)('mail through a real SMTP relay (%s)', (driver) => {
  const t = useServer(driver);
  let tls: Awaited<ReturnType<typeof startRelay>>;
  let plain: Awaited<ReturnType<typeof startRelay>>;
  const mine: string[] = [];

  beforeAll(async () => {
    tls = await startRelay({ starttls: true });
    plain = await startRelay({ starttls: false });
  });
  afterAll(async () => {
    // Queued rows of this file would make the other files' resend-password answer 503 (mail failing).
    for (const to of mine) await t.server.ctx.db.delete(mailQueue).where(eq(mailQueue.to, to));
    await tls?.close();
    await plain?.close();
  });

  const smtpEnv = (extra: Record<string, string>) => ({
    MAIL_TRANSPORT: 'smtp',
    SMTP_REQUIRE_TLS: 'true',
    SMTP_FROM: 'Forecourt Pay <no-reply@forecourt.test>',
    MAIL_RETRY_SECONDS: '0.05',
    ...extra,
  });

  async function driverWith(server: TestServer, locale = 'en-GB') {
    const email = uniqueEmail('smtp');
    mine.push(email);
    const res = await server.request('/api/auth/register', {
      body: { email, password: PASSWORD, termsAccepted: true, firstName: 'Jana' },
      headers: { 'x-locale': locale },
    });
    expect(res.status).toBe(201);
    return { email, id: res.body._id as string };
  }

  const forgot = (server: TestServer, email: string) =>
    server.request('/api/auth/resend-password', { body: { email }, headers: { 'x-locale': 'en-GB' } });

  const queued = async (to: string) => t.server.ctx.db.select().from(mailQueue).where(eq(mailQueue.to, to));
  const tempHash = async (id: string) =>
    (await t.server.ctx.db.select({ hash: users.tempPasswordHash }).from(users).where(eq(users.id, id)))[0]?.hash;

  it('sends over STARTTLS with SMTP_CA_FILE, in the German account’s language; the temporary password works then', async () => {
    const lines: string[] = [];
    const s = await t.server.withEnv(smtpEnv({ SMTP_URL: tls.url, SMTP_CA_FILE: CA_FILE }), {
      log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    });
    expect(await s.ctx.mailQueue.verify()).toBeNull();
    // One line says the relay was checked, where it is and how (never its password).
    expect(lines.join('\n')).toMatch(
      /relay check of smtp:\/\/relay-user@127\.0\.0\.1:\d+ \(STARTTLS required, CA .*ca\.pem\) passed/,
    );
    expect(lines.join('\n')).not.toContain('relay pass');
    const u = await driverWith(s, 'de-DE');
    const res = await forgot(s, u.email);
    expect(res.status).toBe(200);
    // Queued, not sent, and nothing changed yet: the request never talks to the relay.
    expect(await queued(u.email)).toMatchObject([{ kind: 'temp-password', state: 'queued', attempts: 0 }]);
    expect(await tempHash(u.id)).toBeNull();
    expect(tls.received.find((m) => m.to === u.email)).toBeUndefined();
    await s.ctx.mailQueue.drainDue();
    const mail = tls.received.find((m) => m.to === u.email);
    expect(mail).toMatchObject({ secure: true, user: 'relay-user', subject: 'Ihr vorläufiges Forecourt-Pay-Passwort' });
    expect(mail?.text).toContain('Hallo Jana,');
    const temp = /Passwort lautet: (\S+)/.exec(mail?.text ?? '')?.[1];
    expect(temp).toBeTruthy();
    const login = await s.request('/api/auth/login/local', { body: { email: u.email, password: temp } });
    expect(login.status).toBe(200);
    expect(login.body.passwordExpired).toBe(true);
    // Sent: the request's language was English, the account's German won; no body is kept.
    expect(await queued(u.email)).toMatchObject([{ state: 'sent', attempts: 1, text: '', locale: 'en' }]);
  });

  it('without the CA: the mail fails and is retried, stays queued, the password is unchanged, and the driver gets 503', async () => {
    const s = await t.server.withEnv(smtpEnv({ SMTP_URL: tls.url }));
    expect(await s.ctx.mailQueue.verify()).toMatch(/certificate/i);
    const u = await driverWith(s);
    const before = tls.received.length;
    // The failed relay check alone makes the answer 503, translated by the app (mail_unavailable); nothing is queued.
    const refused = await forgot(s, u.email);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'mail_unavailable' });
    expect(refused.headers.get('retry-after')).toBe('300');
    expect(await queued(u.email)).toHaveLength(0);

    // Another process (no check of its own): the relay's refusal of the mail itself says so.
    const other = await t.server.withEnv(smtpEnv({ SMTP_URL: tls.url }));
    expect((await forgot(other, u.email)).status).toBe(200);
    await other.ctx.mailQueue.drainDue();
    let [row] = await queued(u.email);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row?.lastError).toMatch(/certificate/i);
    // Retried (MAIL_RETRY_SECONDS=0.05 here): still refused, still queued.
    await new Promise((r) => setTimeout(r, 120));
    expect(await other.ctx.mailQueue.drainDue()).toBeGreaterThanOrEqual(1);
    [row] = await queued(u.email);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    const again = await forgot(other, u.email);
    expect(again.status).toBe(503);
    expect(again.body.code).toBe('mail_unavailable');
    expect(await tempHash(u.id)).toBeNull();
    expect(tls.received.length).toBe(before);

    // A restart (a new process on the same database, the CA configured now) loses nothing: its drainer sends it.
    const restarted = await createContext({
      env: (await t.server.withEnv(smtpEnv({ SMTP_URL: tls.url, SMTP_CA_FILE: CA_FILE }))).ctx.env,
      db: t.server.database.db,
      driver: t.server.database.driver,
      log: { info: () => {}, error: () => {} },
    });
    await t.server.ctx.db.update(mailQueue).set({ nextAttemptAt: new Date() }).where(eq(mailQueue.to, u.email));
    await restarted.mailQueue.drainDue();
    [row] = await queued(u.email);
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });
    const mails = tls.received.filter((m) => m.to === u.email);
    expect(mails).toHaveLength(1);
    expect(await tempHash(u.id)).toBeTruthy();
    const temp = /password is: (\S+)/.exec(mails[0]?.text ?? '')?.[1];
    expect((await t.server.request('/api/auth/login/local', { body: { email: u.email, password: temp } })).status).toBe(
      200,
    );
    // Mail goes out again: the answer is 200 once more.
    expect((await forgot(other, uniqueEmail('nobody'))).status).toBe(200);
    await restarted.events.close();
  });

  it('with SMTP_REQUIRE_TLS and a relay without STARTTLS nothing goes in clear text; given up after its retries, the operator sees it', async () => {
    const lines: string[] = [];
    const s = await t.server.withEnv(smtpEnv({ SMTP_URL: plain.url, MAIL_MAX_ATTEMPTS: '2' }), {
      log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    });
    const u = await driverWith(s);
    // The check is not made here (it would answer 503 at once): the mail itself must not go out.
    expect((await forgot(s, u.email)).status).toBe(200);
    await s.ctx.mailQueue.drainDue();
    expect(plain.logins).toHaveLength(0);
    expect(plain.received).toHaveLength(0);
    let [row] = await queued(u.email);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row?.lastError).toMatch(/STARTTLS/i);
    expect(await s.ctx.mailQueue.verify()).toMatch(/STARTTLS/i);

    await new Promise((r) => setTimeout(r, 120));
    await s.ctx.mailQueue.drainDue();
    [row] = await queued(u.email);
    expect(row).toMatchObject({ state: 'failed', attempts: 2, subject: 'Your temporary Forecourt Pay password' });
    expect(plain.logins).toHaveLength(0);
    expect(await tempHash(u.id)).toBeNull();
    // Where the operator sees it: the log, the console's mail queue, /metrics.
    expect(lines.join('\n')).toMatch(new RegExp(`mail ${row?.id} \\(temp-password\\) to ${u.email} given up after 2`));
    const overview = await s.request('/forecourt/api/mail');
    expect(overview.status).toBe(200);
    expect(overview.body.available).toBe(false);
    expect(overview.body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(overview.body.mails).toContainEqual(
      expect.objectContaining({
        to: u.email,
        state: 'failed',
        attempts: 2,
        lastError: expect.stringMatching(/STARTTLS/),
      }),
    );
    const metrics = await s.request('/metrics', { address: '127.0.0.1' });
    expect(metrics.text).toMatch(/forecourt_mail_queue_mails\{state="failed"\} [1-9]/);
    expect(metrics.text).toMatch(/forecourt_mail_queue_available 0/);
  });

  it('a registration with a taken email mails its owner over TLS, in the account’s language', async () => {
    const s = await t.server.withEnv(smtpEnv({ SMTP_URL: tls.url, SMTP_CA_FILE: CA_FILE }));
    const u = await driverWith(s, 'fr-FR');
    const res = await s.request('/api/auth/register', {
      body: { email: u.email, password: 'another-pass-7', termsAccepted: true },
      headers: { 'x-locale': 'de-DE' },
    });
    expect(res.status).toBe(201);
    await s.ctx.mailQueue.drainDue();
    const mail = tls.received.find((m) => m.to === u.email);
    expect(mail).toMatchObject({ secure: true, subject: 'Quelqu’un a tenté de s’inscrire avec votre adresse e-mail' });
    expect(mail?.text).toContain(`/login?email=${encodeURIComponent(u.email)}`);
  });
});
