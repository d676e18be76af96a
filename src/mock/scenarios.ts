import { createFaultRules, type Latency, type RequestRules } from '../control/index.ts'
import {
  jsonSizeOf,
  noEntities,
  type Counts,
  type Store,
  type StoreSnapshot,
  type StoreState,
} from '../store/index.ts'
import { ServiceError } from '../wire/index.ts'
import { edgeCasesScenario } from './edge-cases.ts'
import { applyFixtures, completeFixtures } from './fixtures.ts'
import type { BuiltInScenario, Scenario } from './scenario.ts'
import { scenarioShapeProblem } from './scenario-keys.ts'
import { latencyOf } from './to-latency.ts'

export type { BuiltInScenario, Scenario } from './scenario.ts'

export type { RequestRules }

/** The scenarios a mock knows, checked once and shared by the shared state and every session. */
export interface ScenarioCatalogue {
  list(): { name: string; description: string }[]
  has(name: string): boolean
  /** The state a scenario starts from, made once per definition (with a seed: that seed's). */
  start(name: string, seed?: number): StoreSnapshot
  /** Enters a scenario's rules: its latency (else the mock's) and its fault rules alone. */
  applyRules(name: string, rules: RequestRules): void
  /**
   * Enters what a scenario says of the rules, and keeps the rest: its latency if it names one,
   * its fault rules if it names any (decisions.md, "Switching a scenario keeps the rules").
   */
  applyOwnRules(name: string, rules: RequestRules): void
  /** Adds or replaces a scenario, checked as at start: the message naming the field, or null. */
  define(name: string, scenario: Scenario): string | null
}

/** One state's scenario: which it is in, and how to go into one. */
export interface ScenarioControl {
  readonly current: string
  /**
   * Replaces the state with the scenario's start, and the latency and fault rules with those the
   * scenario names (the others are kept); false if unknown.
   */
  use(name: string): boolean
  /** As `use`, and the latency and fault rules are the scenario's, else the mock's (a reset). */
  enter(name: string): boolean
  /** The data back to the current scenario's start, with its seed or another. */
  reset(seed?: number): void
}

export interface CatalogueOptions {
  /** The store the scenarios' states branch from; its seed and counts are `default`'s. */
  readonly store: Store
  readonly user: Readonly<Record<string, Scenario>>
  readonly now: () => Date
  /** The mock's own latency, for a scenario that names none. */
  readonly latency: Latency | null
  readonly random: () => number
}

/** The scenarios every mock has, besides the user's. */
function builtIn(seed: number, counts: Readonly<Counts>): Record<BuiltInScenario, Scenario> {
  return {
    default: { description: 'The seeded state the mock started with', seed, counts },
    empty: { description: 'No entities at all', seed, counts: noEntities },
    large: {
      description: '10,000 comments and 1,000 of each other kind',
      seed,
      counts: { abTests: 1000, services: 1000, containers: 1000, comments: 10_000, pages: 1000 },
    },
    'edge-cases': edgeCasesScenario(),
  }
}

/**
 * The scenarios of a mock. The user's are checked here, at start: a fixture that does not bind
 * or a rule that does not read stops the start with a message naming the scenario and field.
 */
export function createScenarioCatalogue(options: CatalogueOptions): ScenarioCatalogue {
  const { store } = options
  const base = { seed: store.seed, counts: { ...store.counts } }
  const context: StartContext = {
    store,
    now: options.now,
    random: options.random,
    counts: base.counts,
  }
  const made = (scenario: Scenario, seed: number): StoreSnapshot =>
    scenarioStart(context, scenario, seed)
  const builtIns: Readonly<Record<string, Scenario>> = builtIn(base.seed, base.counts)
  const scenarios: Record<string, Scenario> = { ...builtIns }
  const starts = new Map<string, StoreSnapshot>()
  const catalogue: ScenarioCatalogue = {
    list: () =>
      Object.entries(scenarios).map(([name, scenario]) => ({
        name,
        description: scenario.description ?? '',
      })),
    has: (name) => Object.hasOwn(scenarios, name),
    start(name, seed) {
      const scenario = scenarios[name] as Scenario
      if (seed !== undefined && seed !== (scenario.seed ?? base.seed)) return made(scenario, seed)
      let start = starts.get(name)
      if (!start) {
        start = made(scenario, scenario.seed ?? base.seed)
        starts.set(name, start)
      }
      return start
    },
    applyRules(name, rules) {
      const scenario = scenarios[name] as Scenario
      rules.latency =
        scenario.latency === undefined ? options.latency : (latencyOf(scenario.latency) ?? null)
      rules.faults.clear()
      for (const rule of scenario.faults ?? []) rules.faults.add(rule)
    },
    applyOwnRules(name, rules) {
      const scenario = scenarios[name] as Scenario
      if (scenario.latency !== undefined) rules.latency = latencyOf(scenario.latency) ?? null
      if (scenario.faults === undefined) return
      rules.faults.clear()
      for (const rule of scenario.faults) rules.faults.add(rule)
    },
    define(name, scenario) {
      const problem = scenarioShapeProblem(name, scenario) ?? scenarioProblem(context, scenario)
      if (problem) return `scenario '${name}': ${problem}`
      // A built-in redefined keeps what the new one leaves out (its description, seed, counts).
      scenarios[name] = Object.hasOwn(builtIns, name)
        ? { ...builtIns[name], ...scenario }
        : scenario
      starts.delete(name)
      return null
    },
  }
  for (const [name, scenario] of Object.entries(options.user)) {
    const problem = catalogue.define(name, scenario)
    if (problem) throw new Error(`Failed to create the mock: ${problem}`)
  }
  return catalogue
}

/** What a scenario's start is made from and checked against. */
interface StartContext {
  readonly store: Store
  readonly now: () => Date
  readonly random: () => number
  /** `default`'s counts: a scenario's own counts are laid over them. */
  readonly counts: Readonly<Counts>
}

/** A scenario's start, made on a branch of its own: the live state is never touched. */
function scenarioStart(context: StartContext, scenario: Scenario, seed: number): StoreSnapshot {
  const { store, now } = context
  const scratch = store.branch({ seed, generated: 0, state: emptyState() })
  scratch.reset(seed, { ...context.counts, ...scenario.counts })
  if (scenario.fixtures) applyFixtures(scratch, scenario.fixtures, now())
  return scratch.snapshot()
}

/** What is wrong with a scenario's fixtures, latency or fault rules, or null. */
function scenarioProblem(context: StartContext, scenario: Scenario): string | null {
  const { store, now } = context
  const fixtures = completeFixtures(scenario.fixtures ?? {}, store, now())
  if (fixtures instanceof ServiceError) return fixtures.message
  // Refused here, where it can be said, rather than when a state enters the scenario.
  const bytes = Object.values(fixtures)
    .flat()
    .reduce((sum: number, entity) => sum + jsonSizeOf(entity), 0)
  if (bytes > store.maxBytes) {
    return `its fixtures hold about ${bytes} bytes of JSON, past the state's limit of ${store.maxBytes} (--max-state-bytes)`
  }
  if (scenario.latency !== undefined && latencyOf(scenario.latency) === undefined) {
    return `latency '${String(scenario.latency)}' is not ms or 'min-max'`
  }
  const faults = createFaultRules(context.random)
  for (const [index, rule] of (scenario.faults ?? []).entries()) {
    const added = faults.add(rule)
    if (typeof added === 'string') return `faults[${index}]: ${added}`
  }
  return null
}

/** The scenario control of one state (the shared one or a session's), starting in `current`. */
export function createScenarioControl(
  catalogue: ScenarioCatalogue,
  store: Store,
  rules: RequestRules,
  current: string,
): ScenarioControl {
  // `use` and `enter` differ only in which of the scenario's rules they then put in place.
  const switchTo = (name: string, applyRules: () => void): boolean => {
    if (!catalogue.has(name)) return false
    current = name
    store.restore(catalogue.start(name))
    applyRules()
    return true
  }
  return {
    get current() {
      return current
    },
    use(name) {
      return switchTo(name, () => catalogue.applyOwnRules(name, rules))
    },
    enter(name) {
      return switchTo(name, () => catalogue.applyRules(name, rules))
    },
    reset(seed) {
      store.restore(catalogue.start(current, seed))
    },
  }
}

function emptyState(): StoreState {
  return {
    abTests: new Map(),
    services: new Map(),
    containers: new Map(),
    comments: new Map(),
    pages: new Map(),
  }
}
