import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The account area's screens (issue 13; settings, change-password and the logbook too) have their own catalog, loaded when an account page opens
 * (src/i18n loadCatalog('account')): the landing page loads the main catalog only, and stays within its budget.
 */
export const ACCOUNT_SOURCES = [
  'src/features/profile/ui',
  'src/features/profile/model',
  'src/features/vehicles/ui',
  'src/features/vehicles/model',
  'src/routes/profile',
  'src/routes/address.tsx',
  'src/routes/tax.tsx',
  'src/routes/settings.tsx',
  // The logbook (issue 14) is a registered driver's area too, and its texts are many.
  'src/routes/history',
  'src/features/history/ui',
  'src/routes/change-password.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: [
        '**/node_modules/**',
        'src/contract/**',
        ...ACCOUNT_SOURCES.map((p) => (p.endsWith('.tsx') ? p : `${p}/**`)),
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: ACCOUNT_SOURCES,
      exclude: ['**/node_modules/**'],
    },
  ],
  // No line numbers: catalogs change when messages change, not when code moves (npm test checks they are current).
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
