import { createMock as composeMock, type Mock, type MockOptions } from '../src/mock/index.ts'
import { operations } from './operations.ts'

/**
 * Builds a mock from a store and settings, serving the spec's four operations unless
 * `options.operations` names others.
 * @example const mock = createMock({ store: createStore({ seed: 1 }) })
 */
export function createMock(options: MockOptions): Mock {
  return composeMock({ ...options, operations: options.operations ?? operations })
}
