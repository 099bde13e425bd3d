import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './vite.config.ts';

// Two tiers run by vitest: pure/unit (jsdom) and server (real Hono app + real database).
// The server tier shares one PGlite database per worker (initdb costs seconds and ~800 MB), in two forks.
// Suites that compare response times (no enumeration by timing) run after the rest, in one fork of their own.
const TIMING_SUITES = 'tests/server/security-timing.test.ts';

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
          exclude: [TIMING_SUITES],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          pool: 'forks',
          // Two forks, one per core: each holds its own PGlite; the PostgreSQL pass works the other core as well.
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-timing',
          include: [TIMING_SUITES],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          pool: 'forks',
          // Alone on the machine: a second fork's work would be noise in the medians these suites compare.
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
