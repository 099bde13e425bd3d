import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { catalogFiles, OWN_CATALOGS } from './scripts/catalog-areas.ts';
import { AREAS } from './src/i18n/catalog-area.ts';

/**
 * Five catalogs per language (issue 16: a page loads only the strings of its area). `shell`: the shell and the public
 * pages (landing, login, register, onboarding, maintenance, error) — all the first screen of a new visitor waits for —
 * and every string used by more than one area. `pay`, `map`, `history`, `account`: the strings only that area's pages
 * use (src/i18n/catalog-area.ts says which area a URL is; the root route waits for it, src/i18n/index.ts).
 * Which file goes where follows from the imports (scripts/catalog-areas.ts); after a change there, `npm run
 * i18n:extract` moves the translations with their strings. SHELL there is kept in step with src/i18n/shell-paths.ts.
 * Shared strings in the shell rather than a `common` catalog of their own: measured, a common catalog took /landing
 * 0.1 KiB gzip lower but every feature page 0.3 KiB higher (nine more entries in the entry's table, one more request).
 */
const files = catalogFiles(process.cwd());
// Paths as glob patterns: a parenthesis is matched by `?` (the glob library reads it as a pattern group).
const globs = (paths: string[]) => paths.map((path) => path.replace(/[()]/g, '?'));

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'],
  catalogs: [
    ...(['shell', ...AREAS, ...(Object.keys(OWN_CATALOGS) as (keyof typeof OWN_CATALOGS)[])] as const).map((name) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: globs(files[name]),
      exclude: ['**/node_modules/**'],
    })),
    // The mails' strings (server/mail/messages.ts): read by the server (server/mail/i18n.ts), never loaded by the app.
    {
      path: '<rootDir>/src/locales/{locale}/mail',
      include: ['<rootDir>/server/mail/messages.ts', '<rootDir>/server/services/data-export/mail-messages.ts'],
    },
  ],
  // No line numbers: catalogs change when messages change, not when code moves (npm test checks they are current).
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
