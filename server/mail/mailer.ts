// Outgoing mail. With SMTP_HOST set, mail goes out through nodemailer; otherwise it lands in the development
// mailbox (the mails table, shown at /dev/mail).
import nodemailer from 'nodemailer';
import type { AppContext } from '../context';
import { storeMail } from '../services/mail/store-mail';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** True when mail goes to the development mailbox instead of SMTP. */
  devMailbox: boolean;
  send(mail: OutgoingMail): Promise<void>;
};

export function createMailer(ctx: AppContext): Mailer {
  const smtp = ctx.env.smtp;
  if (!smtp) {
    return { devMailbox: true, send: (mail) => storeMail({ ctx, input: mail }).then(() => undefined) };
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
