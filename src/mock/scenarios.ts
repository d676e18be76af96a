import type { Latency, RequestRules } from '../control/index.ts'
import { noEntities, type Counts, type Store, type StoreSnapshot } from '../store/index.ts'
import { edgeCasesScenario } from './edge-cases.ts'
import type { BuiltInScenario, Scenario } from './scenario.ts'
import { scenarioShapeProblem } from './scenario-keys.ts'
import { scenarioProblem, scenarioStart, type StartContext } from './scenario-start.ts'
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
