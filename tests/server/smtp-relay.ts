// A real SMTP relay for the server tests (nodemailer's smtp-server) on loopback: STARTTLS with a certificate of a test
// CA checked in at tests/server/fixtures/smtp-tls (made with openssl: ca.pem signs relay.pem for localhost and
// 127.0.0.1; the CA's key was thrown away), or no STARTTLS at all; login required; every mail parsed and kept.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const TLS_DIR = join(import.meta.dirname, 'fixtures/smtp-tls');
export const CA_FILE = join(TLS_DIR, 'ca.pem');

type Received = { to: string; subject: string; text: string; secure: boolean; user: string | undefined };

/**
 * A relay on loopback: STARTTLS with the test CA's certificate (or none), login required, every mail kept. `delayMs`:
 * it takes this long to accept a mail (a slow relay).
 */
export async function startRelay(opts: { starttls: boolean; delayMs?: number }) {
  const received: Received[] = [];
  const logins: { user: string; secure: boolean }[] = [];
  const server = new SMTPServer({
    key: readFileSync(join(TLS_DIR, 'relay.key')),
    cert: readFileSync(join(TLS_DIR, 'relay.pem')),
    // Without: the relay neither offers nor accepts STARTTLS (a relay that speaks only clear text).
    ...(opts.starttls ? {} : { disabledCommands: ['STARTTLS'] }),
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, session, done) {
      logins.push({ user: auth.username ?? '', secure: session.secure });
      if (auth.username === 'relay-user' && auth.password === 'relay pass') done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            secure: session.secure,
            user: session.user as string | undefined,
          });
          setTimeout(() => done(), opts.delayMs ?? 0);
        },
        (err: Error) => done(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    logins,
    port,
    url: `smtp://relay-user:relay%20pass@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
