// The dispatch of a mock (wire/pipeline.ts's answerer) over the parts createMock made: its
// operations, control routes, ServiceStack's pages, stages and fallbacks.
import type { ControlState } from '../control/index.ts'
import {
  createAnswerer,
  type Answerer,
  type ControlResolver,
  type Fallback,
  type MockConfig,
  type Operation,
  type Stage,
} from '../wire/index.ts'
import type { ControlDeps } from './routes/control-routes.ts'
import { createStore } from './create-store.ts'
import type { HostParts, MockOptions } from './mock.ts'
import { mockVersion } from './mock-version.ts'
import type { ScenarioCatalogue } from './scenarios.ts'
import type { Sessions } from './session-types.ts'
import { createSurface } from './surface-routes.ts'

/** The options createMock takes: the mock's own, with the operations to serve. */
export type CreateMockOptions = MockOptions & { readonly operations: readonly Operation[] }

/** What a mock's dispatches and API calls share: made once, in `createMock`. */
export interface MockParts {
  readonly options: CreateMockOptions
  readonly config: MockConfig
  readonly control: ControlState
  readonly sessions: Sessions
  readonly catalogue: ScenarioCatalogue
  readonly passthrough: Set<string>
  readonly maxSnapshots: number
  readonly stages: readonly Stage[]
  /** The mock's own fallbacks (the proxy). */
  readonly fallbacks: Fallback[]
  /** Fallbacks a second dispatch tries first (createHandlers' replays): `reset()` rewinds them too. */
  readonly borrowed: Fallback[]
}

/** The dispatch with `list` as its fallbacks, and a runtime's own stages. */
export function answererOf(
  parts: MockParts,
  list: readonly Fallback[],
  host: HostParts = {},
): Answerer {
  const { options, config } = parts
  const { store, operations } = options
  const controlDeps: ControlDeps = {
    fallbacks: list,
    passthrough: parts.passthrough,
    operations,
    sessions: parts.sessions,
    catalogue: parts.catalogue,
    config,
    state: parts.control,
    maxSnapshots: parts.maxSnapshots,
    version: mockVersion,
    redact: options.redact ?? [],
    // Loaded on first use: a browser bundle then keeps them in chunks of their own.
    openApi: async () => {
      const { createOpenApiDocument } = await import('../control/openapi.ts')
      // The samples come from a store seeded as this one was, never from the state that
      // requests change: the same seed gives the same document.
      const sampleStore = createStore({ seed: store.seed, counts: store.counts })
      return createOpenApiDocument({ operations, basePath: config.basePath, sampleStore })
    },
    dashboard: options.dashboard,
  }
  // The routes under /__mock load on their first request: a page that never asks for them
  // carries them only in a lazy chunk.
  let loadedRoutes: Promise<ControlResolver> | undefined
  const controlRoutes: ControlResolver = async (request, url, record) => {
    loadedRoutes ??= import('./routes/control-routes.ts').then(({ createControl }) =>
      createControl(controlDeps),
    )
    return (await loadedRoutes)(request, url, record)
  }
  return createAnswerer({
    operations,
    control: controlRoutes,
    config,
    stages: [...parts.stages, ...(host.stages ?? [])],
    fallbacks: list,
    passthrough: parts.passthrough,
    surface: createSurface(operations, config.basePath),
  })
}
