// Outgoing mail. With SMTP_HOST set, mail goes out through nodemailer; otherwise it is handed to `keep` (the
// development mailbox, shown at /dev/mail).
import nodemailer from 'nodemailer';
import type { Env } from '../env';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** True when mail goes to the development mailbox instead of SMTP. */
  devMailbox: boolean;
  send(mail: OutgoingMail): Promise<void>;
};

export function createMailer(opts: { smtp: Env['smtp']; keep: (mail: OutgoingMail) => Promise<unknown> }): Mailer {
  const { smtp } = opts;
  if (!smtp) {
    return { devMailbox: true, send: (mail) => opts.keep(mail).then(() => undefined) };
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
      });
    },
  };
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
