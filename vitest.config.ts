import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The package's own names (`restapi-mock/handlers`) resolve to the sources, as tsconfig says.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['test/**/*.test.ts'],
    // Real-browser tests need Chromium and run apart: `npm run test:browser`. Tests that spawn
    // the command (all but one), install the package, move hundreds of megabytes, kill
    // processes or time inputs up to 1 MiB are the slow tier (`*.slow.test.ts`,
    // `npm run test:slow`), which CI runs too; this tier stays within two minutes.
    exclude: ['test/browser/**', '**/*.slow.test.ts', '**/node_modules/**'],
    // Two cores on these machines: more workers only contend.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
})
