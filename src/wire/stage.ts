// What a stage is, and the order stages run in: wire/pipeline.ts runs them, step by step.
import type { ActiveLogin } from './login-state.ts'
import type {
  Answered,
  Exchange,
  Interception,
  RequestContext,
  RequestHost,
} from './request-context.ts'
import type { Store } from '../store/index.ts'

/** Every stage a request can meet, in the order it meets them: what each does. */
export const stageOrder = {
  'access checks': 'step 0: Host, Origin and the session a cross-site request names (Node server)',
  'large bodies':
    'step 0: a body past 64 KiB read whole first, then answered in turn (Node server)',
  'last answers':
    "step 8: what nothing took, to the user's own handlers, else the 404; --on-miss (Node server)",
  sessions: "step 2: the state of the session the request names; step 3: an evicted one's warning",
  'login wall': "step 2: the state's login, for an operation that demands a back-end user",
  latency: "step 3: the state's latency, or the delay a fault rule or the request asks for",
  faults: 'step 3: the status or network error a fault rule or the request asks for',
  journal: 'step 7: one entry per request under the base path',
  log: 'step 9: one line per request (Node server)',
} as const

export type StageName = keyof typeof stageOrder

/** A request once answered, as the last step sees it. */
export interface Ended {
  readonly request: Request
  readonly response: Response
  readonly exchange: Exchange | null
  /** `performance.now()` when it arrived. */
  readonly started: number
  /** Why its connection was dropped instead of answered (a network fault, `--on-miss error`). */
  readonly dropped?: string | undefined
}

/** One feature a request meets: what it adds at each step of the order above (only those it needs). */
export interface Stage {
  readonly name: StageName
  /** Step 0: an answer before anything else runs (no operation, no journal entry). */
  readonly admit?: (request: Request, record: RequestHost) => Response | undefined
  /** Step 0, after `admit`: runs the rest (`next`), or answers in its place. */
  readonly around?: (
    request: Request,
    record: RequestHost,
    next: Next,
  ) => Promise<Answered | undefined>
  /** Step 2: the state a request works on, by the session it names. */
  readonly store?: (session: string | null) => Store
  /** Step 2: that state's login when its wall is up. */
  readonly login?: (session: string | null) => ActiveLogin | null
  /** Step 3: undefined (not a promise) when it has nothing to do, so nothing waits a turn. */
  readonly before?: (ctx: RequestContext) => Promise<Interception> | undefined
  /** Step 7: every request under the base path and what was answered. */
  readonly after?: (exchange: Exchange) => void
  /**
   * Step 8: what the host makes of an answer, or of none (the Node server's own handlers and
   * its 404); the same answer back, not a promise, when it has nothing to add.
   */
  readonly last?: (
    request: Request,
    record: RequestHost,
    answered: Answered | undefined,
  ) => Answered | undefined | Promise<Answered | undefined>
  /** Step 9: every request, with what was sent. */
  readonly end?: (ended: Ended) => void
}

/** The rest of the pipeline, for a stage `around` it: the request, perhaps with its body read. */
export type Next = (request: Request, record: RequestHost) => Promise<Answered | undefined>

/** The stages, gathered by step once, when the dispatch is made. */
export interface Pipeline {
  readonly admit: readonly NonNullable<Stage['admit']>[]
  readonly around: readonly NonNullable<Stage['around']>[]
  readonly store: (session: string | null) => Store
  readonly login: ((session: string | null) => ActiveLogin | null) | undefined
  /** The stages' `before`, one after another: undefined when none has anything to do. */
  readonly before: (ctx: RequestContext) => Promise<Interception> | undefined
  readonly after: (exchange: Exchange) => void
  readonly last: readonly NonNullable<Stage['last']>[]
  readonly end: ((ended: Ended) => void) | undefined
}

const order = Object.keys(stageOrder) as StageName[]

/**
 * The stages of each step, in `stageOrder`'s order whatever order they come in, each name once;
 * wire/pipeline.ts makes its steps of them, once, when the dispatch is made.
 */
export function stagesBySteps(given: readonly Stage[]) {
  const stages = [...given].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
  const twice = stages.find((stage, i) => i > 0 && stages[i - 1]?.name === stage.name)
  if (twice) throw new Error(`Failed to make the dispatch: two stages named '${twice.name}'`)
  const store = stages.find((stage) => stage.store)?.store
  if (!store) throw new Error('Failed to make the dispatch: no stage gives the state (store)')
  const steps = <K extends keyof Stage>(step: K): NonNullable<Stage[K]>[] =>
    stages.flatMap((stage) => (stage[step] ? [stage[step] as NonNullable<Stage[K]>] : []))
  return {
    admit: steps('admit'),
    around: steps('around'),
    store,
    login: stages.find((stage) => stage.login)?.login,
    befores: steps('before'),
    afters: steps('after'),
    last: steps('last'),
    ends: steps('end'),
  }
}

/**
 * The stages before that come after one that made the request wait (latency): each in turn,
 * until one answers instead of the operation; their delays add up.
 */
export async function restOfBefores(
  first: Interception,
  ctx: RequestContext,
  befores: readonly NonNullable<Stage['before']>[],
): Promise<Interception> {
  let sofar = first
  for (const before of befores) {
    if (sofar.answer !== undefined) return sofar
    const pending = before(ctx)
    const later = pending && (await pending)
    if (later) {
      const fault = later.fault ?? sofar.fault
      sofar = { ...later, delayMs: sofar.delayMs + later.delayMs, fault }
    }
  }
  return sofar
}
