import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Two catalogs per language. `shell`: the strings of the shell and the public pages (landing, login, register,
 * onboarding, maintenance, error) — all the first screen of a new visitor waits for. `messages`: every feature's
 * strings, loaded right after the first screen (and awaited before any feature route renders, src/i18n/index.ts).
 * A string belongs to the catalog of the file it is written in; keep SHELL in step with src/i18n/shell-paths.ts.
 */
const SHELL = [
  'src/app',
  'src/ui',
  'src/i18n',
  'src/lib',
  'src/features/session',
  'src/features/embedding',
  'src/features/settings/ui/LanguageSheet.tsx',
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/(public)',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: SHELL,
      exclude: ['**/node_modules/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      // Globs here, not folders; a parenthesis is matched by `?` (the glob library reads it as a pattern group).
      exclude: [
        '**/node_modules/**',
        'src/contract/**',
        ...SHELL.map((path) => (path.endsWith('.tsx') ? path : `${path}/**`).replace(/[()]/g, '?')),
      ],
    },
  ],
  // No line numbers: catalogs change when messages change, not when code moves (npm test checks they are current).
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
