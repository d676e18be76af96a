import type { Scenario, ScenarioCatalogue, ScenarioControl } from './scenarios.ts'

/** `mock.scenarios`: the scenarios a mock knows, and the shared state's. */
export interface MockScenarios {
  /** The scenario the shared state is in. */
  readonly current: string
  list(): { name: string; description: string }[]
  /** The shared state into a scenario (data, latency, fault rules); false for an unknown name. */
  use(name: string): boolean
  /** The shared state's data back to its scenario's start, with its seed or another. */
  reset(seed?: number): void
  /**
   * Adds or replaces a scenario, checked as at start (a reloaded data file): the message naming
   * the scenario, entity and field, or null. A state already in it keeps its data until it
   * enters it again.
   */
  define(name: string, scenario: Scenario): string | null
}

export function createMockScenarios(
  catalogue: ScenarioCatalogue,
  shared: ScenarioControl,
): MockScenarios {
  return {
    get current() {
      return shared.current
    },
    list: () => catalogue.list(),
    use: (name) => shared.use(name),
    reset: (seed) => shared.reset(seed),
    define: (name, scenario) => catalogue.define(name, scenario),
  }
}
