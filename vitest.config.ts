import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './vite.config.ts';

// Two tiers run by vitest: pure/unit (jsdom) and server (real Hono app + real database).
// The server tier shares one database per worker (PGlite initdb costs seconds and ~800 MB), so it runs in one fork.
export default defineConfig({
  // Components under test use the Lingui macros and the .po catalogs, compiled as in the app.
  plugins: [linguiMacro(), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 1,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Measurements for `npm run bench` (figures printed, nothing asserted); not part of `npm test`.
        extends: true,
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.bench.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
    ],
  },
});
