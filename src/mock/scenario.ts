import type { FaultRuleInput } from '../control/index.ts'
import type { Counts } from '../store/index.ts'
import type { Fixtures } from './fixtures.ts'
import type { LatencyOption } from './to-latency.ts'

/** The scenarios every mock has; a user's own come beside them. */
export type BuiltInScenario = 'default' | 'empty' | 'large' | 'edge-cases'

/** A named state: a seed, counts and fixtures; what it leaves out is the mock's own start. */
export interface Scenario {
  readonly description?: string
  readonly seed?: number
  readonly counts?: Partial<Counts>
  readonly fixtures?: Fixtures
  /** The latency of the state's requests while it is in this scenario. Default the mock's. */
  readonly latency?: LatencyOption
  /** Fault rules, as `POST /__mock/faults` takes them, in force while in this scenario. */
  readonly faults?: readonly FaultRuleInput[]
}
