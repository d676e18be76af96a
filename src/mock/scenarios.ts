import type { Counts, Store } from '../store/index.ts'
import { ServiceError } from '../wire/index.ts'
import { applyFixtures, completeFixtures, type Fixtures } from './fixtures.ts'

/** A named state: a seed, counts and fixtures; what it leaves out is the mock's own start. */
export interface Scenario {
  readonly description?: string
  readonly seed?: number
  readonly counts?: Partial<Counts>
  readonly fixtures?: Fixtures
}

/** The scenarios a mock knows, the current one, and how to go into one. */
export interface ScenarioControl {
  readonly current: string
  list(): { name: string; description: string }[]
  /** Replaces the state with the scenario's; false for an unknown name. */
  use(name: string): boolean
  /** Back to the current scenario, with its seed or another. */
  reset(seed?: number): void
}

const noEntities: Counts = { abTests: 0, services: 0, containers: 0, comments: 0 }

/** The scenarios every mock has, besides the user's. */
function builtIn(seed: number, counts: Readonly<Counts>): Record<string, Scenario> {
  return {
    default: { description: 'The seeded state the mock started with', seed, counts },
    empty: { description: 'No entities at all', seed, counts: noEntities },
    large: {
      description: '10,000 comments and 1,000 of each other kind',
      seed,
      counts: { abTests: 1000, services: 1000, containers: 1000, comments: 10_000 },
    },
  }
}

/**
 * The scenario control of a mock. The user's scenarios are checked here, at start: a fixture
 * that does not bind stops the start with a message naming the scenario, entity and field.
 */
export function createScenarios(
  store: Store,
  user: Readonly<Record<string, Scenario>>,
  now: () => Date,
): ScenarioControl {
  const start = { seed: store.seed, counts: { ...store.counts } }
  const scenarios = { ...builtIn(start.seed, start.counts), ...user }
  for (const [name, scenario] of Object.entries(user)) {
    const checked = completeFixtures(scenario.fixtures ?? {}, store, now())
    if (checked instanceof ServiceError) {
      throw new Error(`Failed to create the mock: scenario '${name}': ${checked.message}`)
    }
  }
  let current = 'default'
  const enter = (scenario: Scenario, seed?: number): void => {
    store.reset(seed ?? scenario.seed ?? start.seed, { ...start.counts, ...scenario.counts })
    if (scenario.fixtures) applyFixtures(store, scenario.fixtures, now())
  }
  return {
    get current() {
      return current
    },
    list: () =>
      Object.entries(scenarios).map(([name, scenario]) => ({
        name,
        description: scenario.description ?? '',
      })),
    use(name) {
      const scenario = Object.hasOwn(scenarios, name) ? scenarios[name] : undefined
      if (!scenario) return false
      current = name
      enter(scenario)
      return true
    },
    reset(seed) {
      enter(scenarios[current] as Scenario, seed)
    },
  }
}
