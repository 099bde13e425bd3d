import { defineConfig } from '@lingui/cli';

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
  format: 'po',
  orderBy: 'messageId',
});
