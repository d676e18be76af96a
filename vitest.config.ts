import { defineConfig } from 'vitest/config'

// Real-browser tests need Chromium and run apart: `npm run test:browser`. Tests that spawn
// the command (all but one), install the package, move hundreds of megabytes, kill
// processes or time inputs up to 1 MiB are the slow tier (`*.slow.test.ts`,
// `npm run test:slow`), which CI runs too.
const exclude = ['test/browser/**', '**/*.slow.test.ts', '**/node_modules/**']

// Test files that replace a module or a global for the whole file (`vi.mock`, `vi.stubGlobal`,
// msw's `setupServer`, which patches the process's fetch and http), which would leak into every
// file after them in a shared worker: they run each in a fresh worker. Every other file restores
// what it changes (spies, fake timers) in its hooks, and the sources keep no module-global
// state, so those files share their workers and import the sources once per worker rather than
// once per file (test/docs/test-isolation.test.ts holds this list to the files that call
// vi.mock, vi.doMock, vi.stubGlobal, vi.stubEnv or setupServer).
export const isolatedTests = [
  'test/control/channel-fetch.test.ts',
  'test/formats/format-registry-sixth-row.test.ts',
  'test/runtimes/fallback-bodies.test.ts',
  'test/runtimes/lazy-miss-finder-unloaded.test.ts',
  'test/runtimes/msw-replay.test.ts',
  'test/runtimes/msw-sessions.test.ts',
  'test/runtimes/msw.test.ts',
  'test/runtimes/page-persistence.test.ts',
  'test/runtimes/vitest-recipe.test.ts',
]

export default defineConfig({
  // The package's own names (`restapi-mock/handlers`) resolve to the sources, as tsconfig says.
  resolve: { tsconfigPaths: true },
  test: {
    // Two cores on these machines: more workers only contend.
    maxWorkers: 2,
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...exclude, ...isolatedTests],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: isolatedTests, exclude, isolate: true },
      },
    ],
  },
})
