import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './vite.config.ts';

// Two tiers run by vitest: pure/unit (jsdom) and server (real Hono app + real database).
// The server tier shares one PGlite database per worker (initdb costs seconds and ~800 MB), so it runs in one fork.
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
          // A file of pure rules says `// @vitest-environment node` in its first line: building jsdom costs each file
          // about a second. Both cores: the tier runs alone (scripts/test.mjs), and vitest used one here by default.
          environment: 'jsdom',
          maxWorkers: 2,
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          pool: 'forks',
          // One fork: two measured only 7 % faster (240 s, then the response-timing suite alone 170 s, against 449 s in
          // one), as the PostgreSQL pass already works the other core; a second fork would be noise in those medians.
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
