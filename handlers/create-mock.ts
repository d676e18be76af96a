import {
  createMock as composeMock,
  type Mock,
  type MockOptions,
  type MockPage,
} from '../src/mock/index.ts'
import { operations } from './operations.ts'

/**
 * Builds a mock from a store and settings, serving the spec's four operations unless
 * `options.operations` names others, and the dashboard under `/__mock`.
 * @example const mock = createMock({ store: createStore({ seed: 1 }) })
 */
export function createMock(options: MockOptions): Mock {
  return composeMock({
    ...options,
    operations: options.operations ?? operations,
    dashboard: options.dashboard ?? dashboardPage,
  })
}

/**
 * The dashboard tool's page, loaded on its first request: a browser bundle keeps it in a chunk
 * of its own, and the core, which this entry hands it to, never imports a tool.
 */
async function dashboardPage(page: { readonly basePath: string }): Promise<MockPage> {
  const { dashboardPage } = await import('../src/tools/dashboard/index.ts')
  return dashboardPage(page)
}
