import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The config of a child vitest run (on-miss-vitest.slow.test.ts): the project's resolution,
// one fixture file.
export default defineConfig({
  root: fileURLToPath(new URL('../../../', import.meta.url)),
  resolve: { tsconfigPaths: true },
  test: { include: ['test/support/child-vitest/*.fixture.ts'], maxWorkers: 1 },
})
