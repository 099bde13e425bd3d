// Mails in the driver's language (issue 36): the `mail` catalog of the app's Lingui catalogs (src/locales/<lang>/
// mail.po; lingui.config.ts extracts it from ./messages.ts), read from disk once per process — the server imports
// nothing of src/. A bundled server finds the catalogs beside itself (scripts/build-server.mjs copies them into
// dist-server/locales), the TypeScript source at src/locales. Placeholders are plain {name}s (no plural forms).
//
// Stable API (the data export's mail uses it too):
//   mailLocale({ userLanguage, acceptLanguage }) → the language of a mail: the account's, else the request's, else en;
//   mailI18n(locale).t(MAIL.x, { name }) → the translated string (the English text when a translation is missing);
//   mailHtml({ locale, paragraphs }) → a small HTML document readable without images.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preferredLanguage } from '../accept-language';
import { escapeHtml } from './escape-html';
import type { MailMessage } from './messages';

export { MAIL, type MailMessage } from './messages';

/** The app's nine languages. */
export const MAIL_LOCALES = ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

const isMailLocale = (value: string): value is MailLocale => (MAIL_LOCALES as readonly string[]).includes(value);

/**
 * The language of a mail: the account's language (users.language) when it is one of the nine, else the request's
 * (the app's X-Locale or the browser's Accept-Language header, e.g. 'de-DE' or 'fr;q=0.8, en'), else English.
 */
export function mailLocale(input: { userLanguage?: string | null; acceptLanguage?: string | null }): MailLocale {
  const own = input.userLanguage?.trim().toLowerCase().split(/[-_]/)[0];
  if (own && isMailLocale(own)) return own;
  const asked = preferredLanguage(input.acceptLanguage ?? undefined, MAIL_LOCALES);
  return asked && isMailLocale(asked) ? asked : 'en';
}

export type MailI18n = {
  locale: MailLocale;
  /** The message in this language with its {placeholders} filled (values are not escaped: text, not HTML). */
  t(message: MailMessage, values?: Record<string, string | number>): string;
};

const catalogs = new Map<MailLocale, Map<string, string>>();

/** Where the catalogs are: beside the bundle (dist-server/locales), else the source tree's src/locales. */
function catalogDir(): string {
  const here = import.meta.url.startsWith('file:') ? dirname(fileURLToPath(import.meta.url)) : null;
  const candidates = [
    ...(here ? [join(here, 'locales'), join(here, '../../src/locales')] : []),
    join(process.cwd(), 'src/locales'),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'en/mail.po')));
  if (!found) throw new Error('mail catalogs not found (src/locales/<lang>/mail.po)');
  return found;
}

/** The msgid → msgstr pairs of a .po file (format-po writes one line per msgid and msgstr; the header is skipped). */
export function parseMailCatalog(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let id: string | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) id = JSON.parse(line.slice(6)) as string;
    else if (line.startsWith('msgstr ') && id !== null) {
      const str = JSON.parse(line.slice(7)) as string;
      if (id !== '' && str !== '') out.set(id, str);
      id = null;
    }
  }
  return out;
}

function catalog(locale: MailLocale): Map<string, string> {
  let messages = catalogs.get(locale);
  if (!messages) {
    messages = parseMailCatalog(readFileSync(join(catalogDir(), locale, 'mail.po'), 'utf8'));
    catalogs.set(locale, messages);
  }
  return messages;
}

export function mailI18n(locale: string): MailI18n {
  const lang: MailLocale = isMailLocale(locale) ? locale : 'en';
  const messages = catalog(lang);
  return {
    locale: lang,
    t: (message, values = {}) =>
      (messages.get(message.id) ?? message.id).replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in values ? String(values[name]) : whole,
      ),
  };
}

/** Loads every language's catalog now (at start), so a missing or broken catalog shows before the first mail. */
export function loadMailCatalogs(): void {
  for (const locale of MAIL_LOCALES) catalog(locale);
}

/**
 * A mail's HTML: the paragraphs (already HTML: escape text with escapeHtml) in a plain document in the mail's
 * language — no images, no remote styles, readable in any client and by a screen reader.
 */
export function mailHtml(input: { locale: MailLocale; title: string; paragraphs: string[] }): string {
  const body = input.paragraphs.map((p) => `<p style="margin:0 0 1em">${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">
${body}
</body>
</html>`;
}
