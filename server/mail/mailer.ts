// Outgoing mail, by MAIL_TRANSPORT: 'smtp' through nodemailer; 'mailbox' hands it to `keep` (the development mailbox at
// /dev/mail, DEMO_MODE only); 'log' writes it to the server log — for development: the body (a temporary password)
// is logged only when NODE_ENV is not production, so a production log never holds a password.
import nodemailer from 'nodemailer';
import type { Env } from '../env';

/** A text attachment (the data export's JSON file). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };

export type Mailer = {
  /** True when mail goes to the development mailbox instead of SMTP. */
  devMailbox: boolean;
  send(mail: OutgoingMail): Promise<void>;
};

export function createMailer(opts: {
  env: Pick<Env, 'smtp' | 'mailTransport' | 'production'>;
  keep: (mail: OutgoingMail) => Promise<unknown>;
  log: (line: string) => void;
}): Mailer {
  const { smtp, mailTransport, production } = opts.env;
  if (mailTransport === 'mailbox') {
    return { devMailbox: true, send: (mail) => opts.keep(mail).then(() => undefined) };
  }
  if (mailTransport === 'log' || !smtp) {
    return {
      devMailbox: false,
      send: async (mail) => {
        const head = `mail to ${mail.to}: ${mail.subject}`;
        opts.log(production ? `${head} (body not logged in production)` : `${head}\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
  });
  return {
    devMailbox: false,
    send: async (mail) => {
      await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
    },
  };
}

export { escapeHtml } from './escape-html';
