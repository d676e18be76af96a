import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two cores on these machines: more workers only contend.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
})
