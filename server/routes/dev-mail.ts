// The development mailbox (DEMO_MODE with MAIL_TRANSPORT=mailbox only; app.ts mounts it behind loopbackOnly):
// /dev/mail (HTML list, newest first), /dev/mail/{id}, and /api/dev/mail?to=<email> (JSON, for tests and e2e).
import { Hono } from 'hono';
import { type DevMail, devMailQuery } from '../../contract/dev';
import type { AppContext } from '../context';
import type { MailRow } from '../db/schema';
import { pageCsp } from '../http/security-headers';
import type { AppEnv } from '../http/types';
import { query } from '../http/validate';
import { escapeHtml as h } from '../mail/mailer';
import { getMail, listMails } from '../services/mail';

const toJson = (m: MailRow): DevMail => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  attachments: m.attachments,
  createdAt: m.createdAt.toISOString(),
});

// Readable on a phone (360 px): long addresses, links and JSON lines wrap instead of widening the page.
const STYLE =
  '*,*::before,*::after{box-sizing:border-box}' +
  'body{font-family:system-ui,sans-serif;max-width:50rem;margin:0 auto;padding:1rem;color:#111;line-height:1.4;overflow-wrap:anywhere}' +
  'h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}' +
  'article{border:1px solid #ccc;border-radius:.5rem;padding:.75rem;margin:1rem 0;min-width:0}' +
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;background:#f6f6f6;padding:.75rem;margin:.5rem 0 0;max-width:100%;font-size:.875rem}' +
  'dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;min-width:0}' +
  'a{color:#0645ad;display:inline-block;min-height:1.5rem}' +
  '@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr)}dd+dt{margin-top:.25rem}}';
const CSP = pageCsp({ styles: [STYLE] });

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const mailArticle = (m: MailRow, link: boolean) => {
  const subject = link ? `<a href="/dev/mail/${h(m.id)}">${h(m.subject)}</a>` : h(m.subject);
  return `<article aria-labelledby="s-${h(m.id)}"><h2 id="s-${h(m.id)}">${subject}</h2><dl><dt>To</dt><dd>${h(m.to)}</dd><dt>Time</dt><dd><time datetime="${m.createdAt.toISOString()}">${h(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></dd></dl><pre>${h(m.text)}</pre></article>`;
};

export function devMailApiRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/dev/mail', async (c) => {
    const q = query(c, devMailQuery);
    const rows = await listMails({ ctx, input: { to: q.to } });
    c.header('Cache-Control', 'no-store');
    return c.json(rows.map(toJson));
  });
  return r;
}

export function devMailPages(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    const rows = await listMails({ ctx, input: {} });
    const list = rows.length
      ? rows.map((m) => mailArticle(m, true)).join('')
      : '<p>No mail yet. Mail the server sends (temporary passwords, data exports) appears here.</p>';
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CSP);
    return c.html(
      page(
        'Development mailbox',
        `<h1>Development mailbox</h1><p>DEMO_MODE keeps the mail the server sends here, newest first, for clients on this machine only.</p>${list}`,
      ),
    );
  });
  r.get('/:id', async (c) => {
    const m = await getMail({ ctx, input: { id: c.req.param('id') } });
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CSP);
    return c.html(page(m.subject, `<p><a href="/dev/mail">Back to the mailbox</a></p>${mailArticle(m, false)}`));
  });
  return r;
}
