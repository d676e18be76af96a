import { createFaultRules } from '../control/index.ts'
import {
  jsonSizeOf,
  type Counts,
  type Store,
  type StoreSnapshot,
  type StoreState,
} from '../store/index.ts'
import { ServiceError } from '../wire/index.ts'
import { applyFixtures, completeFixtures } from './fixtures.ts'
import type { Scenario } from './scenario.ts'
import { latencyOf } from './to-latency.ts'

/** What a scenario's start is made from and checked against. */
export interface StartContext {
  readonly store: Store
  readonly now: () => Date
  readonly random: () => number
  /** `default`'s counts: a scenario's own counts are laid over them. */
  readonly counts: Readonly<Counts>
}

/** A scenario's start, made on a branch of its own: the live state is never touched. */
export function scenarioStart(
  context: StartContext,
  scenario: Scenario,
  seed: number,
): StoreSnapshot {
  const { store, now } = context
  const scratch = store.branch({ seed, generated: 0, state: emptyState() })
  scratch.reset(seed, { ...context.counts, ...scenario.counts })
  if (scenario.fixtures) applyFixtures(scratch, scenario.fixtures, now())
  return scratch.snapshot()
}

/** What is wrong with a scenario's fixtures, latency or fault rules, or null. */
export function scenarioProblem(context: StartContext, scenario: Scenario): string | null {
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

function emptyState(): StoreState {
  return {
    abTests: new Map(),
    services: new Map(),
    containers: new Map(),
    comments: new Map(),
    pages: new Map(),
  }
}
