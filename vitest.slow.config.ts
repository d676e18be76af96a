import { defineConfig } from 'vitest/config'

// The slow tier (`npm run test:slow`): spawned commands, the package installed, large
// transfers, kill tests, linear time. CI runs it after `npm test`.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['test/**/*.slow.test.ts'],
    exclude: ['test/browser/**', '**/node_modules/**'],
    // Each test here loads the machine on its own: one file at a time.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
})
