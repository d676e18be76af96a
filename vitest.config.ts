import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The package's own names (`restapi-mock/handlers`) resolve to the sources, as tsconfig says.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['test/**/*.test.ts'],
    // Real-browser tests need Chromium and run apart: `npm run test:browser`.
    exclude: ['test/browser/**', '**/node_modules/**'],
    // Two cores on these machines: more workers only contend.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
})
