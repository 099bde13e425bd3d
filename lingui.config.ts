import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/node_modules/**', 'src/contract/**'],
    },
  ],
  // No line numbers: catalogs change when messages change, not when code moves (npm test checks they are current).
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
