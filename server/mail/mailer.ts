// Outgoing mail (issue 36). Every mail is a row of the mail queue (./queue.ts), written by `ctx.mailer.send` on the
// context's database handle — inside the caller's transaction when the context is on one, so a mail exists exactly
// when the work that sent it committed. The queue hands it to the delivery of MAIL_TRANSPORT: 'smtp' through
// nodemailer (STARTTLS required unless SMTP_REQUIRE_TLS=false, extra CA from SMTP_CA_FILE); 'mailbox' keeps it in the
// development mailbox at /dev/mail (DEMO_MODE only); 'log' writes it to the server log — for development: the body
// (a temporary password) is logged only when NODE_ENV is not production, so a production log never holds a password.
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { Env } from '../env';

export { escapeHtml } from './escape-html';

/** A text attachment (the data export's JSON file). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The language it is written in (server/mail/i18n.ts); 'en' when not said. */
  locale?: string;
};

/** Hands one mail to the relay (or the mailbox, or the log); throws when it was not accepted. */
export type MailDelivery = {
  kind: 'smtp' | 'mailbox' | 'log';
  deliver(mail: OutgoingMail): Promise<void>;
  /** Checks the relay (connection, TLS, login): null when it works, else the reason. */
  verify(): Promise<string | null>;
  close(): void;
};

export function createDelivery(opts: {
  env: Pick<Env, 'smtp' | 'mailTransport' | 'production'>;
  keep: (mail: OutgoingMail) => Promise<unknown>;
  log: (line: string) => void;
}): MailDelivery {
  const { smtp, mailTransport, production } = opts.env;
  if (mailTransport === 'mailbox') {
    return {
      kind: 'mailbox',
      deliver: (mail) => opts.keep(mail).then(() => undefined),
      verify: async () => null,
      close: () => {},
    };
  }
  if (mailTransport === 'log' || !smtp) {
    return {
      kind: 'log',
      deliver: async (mail) => {
        const head = `mail to ${mail.to}: ${mail.subject}`;
        opts.log(production ? `${head} (body not logged in production)` : `${head}\n${mail.text}`);
      },
      verify: async () => null,
      close: () => {},
    };
  }
  const ca = smtp.caFile ? readFileSync(smtp.caFile, 'utf8') : undefined;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    // Without implicit TLS (smtps), STARTTLS before the login and the message: a relay that offers none fails the
    // mail instead of receiving the credentials and a temporary password in clear text.
    requireTLS: !smtp.secure && smtp.requireTls,
    tls: { ...(ca ? { ca } : {}), minVersion: 'TLSv1.2' },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
  });
  return {
    kind: 'smtp',
    deliver: async (mail) => {
      await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.locale ? { headers: { 'Content-Language': mail.locale } } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      });
    },
    verify: async () => {
      try {
        await transport.verify();
        return null;
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
    },
    close: () => transport.close(),
  };
}
