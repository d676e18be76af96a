import { defineConfig } from 'vitest/config'

// Tests that drive Debian's Chromium through playwright-core (`npm run test:browser`).
export default defineConfig({
  // The package's own names (`restapi-mock/handlers`) resolve to the sources, as tsconfig says.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['test/browser/**/*.test.ts'],
    // One browser at a time on a 2-core machine.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
